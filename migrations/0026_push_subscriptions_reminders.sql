CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`device` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reminder_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`daily_time` text,
	`streak_time` text,
	`streak_items` text DEFAULT '[]' NOT NULL,
	`birthdays` integer DEFAULT false NOT NULL,
	`deadlines` integer DEFAULT false NOT NULL,
	`events` integer DEFAULT false NOT NULL,
	`quiet_from` text,
	`quiet_to` text,
	`modified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
