CREATE TABLE `reminders_sent` (
	`user_id` integer NOT NULL,
	`occurrence` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `occurrence`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reminders_sent_at` ON `reminders_sent` (`sent_at`);--> statement-breakpoint
ALTER TABLE `reminder_settings` ADD `next_due` integer;--> statement-breakpoint
CREATE INDEX `reminder_settings_next_due` ON `reminder_settings` (`next_due`);