CREATE TABLE `imports` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`format` text NOT NULL,
	`state` text NOT NULL,
	`file_hash` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`summary` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `imports_one_running` ON `imports` (`user_id`) WHERE "imports"."state" = 'running';--> statement-breakpoint
CREATE INDEX `imports_user` ON `imports` (`user_id`,`started_at`);