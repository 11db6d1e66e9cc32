CREATE TABLE `stack_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`stack_id` integer NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`uptime_only` integer DEFAULT false NOT NULL,
	`tags_sign` text DEFAULT '&&' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`config` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stack_id`) REFERENCES `stacks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stack_items_stack` ON `stack_items` (`stack_id`,`position`,`id`);--> statement-breakpoint
CREATE INDEX `stack_items_user` ON `stack_items` (`user_id`);--> statement-breakpoint
CREATE TABLE `stacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`icon` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `stacks_user` ON `stacks` (`user_id`,`id`);