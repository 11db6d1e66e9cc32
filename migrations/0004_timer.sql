CREATE TABLE `timer_tags` (
	`timer_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`timer_id`, `tag_id`),
	FOREIGN KEY (`timer_id`) REFERENCES `timers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `timers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`init_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`paused_at` integer,
	`paused_time_diff` integer DEFAULT 0 NOT NULL,
	`goal` integer,
	`complete` integer DEFAULT false NOT NULL,
	`entry_id` integer,
	`modified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `timers_user_unfinished` ON `timers` (`user_id`) WHERE complete = 0;--> statement-breakpoint
-- A saved timer is final: nothing may change it. Two saves racing from two tabs both pass the route's
-- check, but the second one's batch (its entry included) fails here and rolls back whole: one entry, not two
-- (workers/api/src/timer/routes.ts answers it with 409).
CREATE TRIGGER `timers_complete_is_final` BEFORE UPDATE ON `timers` WHEN OLD.`complete` BEGIN
  SELECT RAISE(ABORT, 'timer already saved');
END;
