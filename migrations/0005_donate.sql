CREATE TABLE `donate_info` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`eth_address` text DEFAULT '' NOT NULL,
	`btc_address` text DEFAULT '' NOT NULL,
	`paypal_donate_button_id` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `donation_sources` (
	`user_id` integer NOT NULL,
	`chain` text NOT NULL,
	`address` text NOT NULL,
	`cursor` text,
	`checked_at` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	PRIMARY KEY(`user_id`, `chain`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `donation_sources_checked` ON `donation_sources` (`checked_at`);--> statement-breakpoint
CREATE TABLE `donations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chain` text NOT NULL,
	`tx_id` text NOT NULL,
	`amount` text NOT NULL,
	`from_address` text DEFAULT '' NOT NULL,
	`at` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `donations_user_chain_tx` ON `donations` (`user_id`,`chain`,`tx_id`);--> statement-breakpoint
CREATE INDEX `donations_user_at` ON `donations` (`user_id`,`at`,`id`);