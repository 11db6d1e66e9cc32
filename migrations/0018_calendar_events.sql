CREATE TABLE `calendar_feeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`lookup` text NOT NULL,
	`secret` text NOT NULL,
	`birthday_reminder` integer,
	`deadline_reminder` integer,
	`event_reminder` integer,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_lookup_unique` ON `calendar_feeds` (`lookup`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`start` text,
	`end` text,
	`repeat` text DEFAULT 'none' NOT NULL,
	`created_at` integer NOT NULL,
	`modified_at` integer NOT NULL,
	`import_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `events_user_date` ON `events` (`user_id`,`date`);--> statement-breakpoint
-- The version gate (0012) learns events: an event's edit names the `modifiedAt` its writer saw.
DROP TRIGGER `version_gate_check`;
--> statement-breakpoint
CREATE TRIGGER `version_gate_check` INSTEAD OF INSERT ON `version_gate`
WHEN (NEW.`kind` = 'entry' AND EXISTS (
    SELECT 1 FROM `entries` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'steps' AND EXISTS (
    SELECT 1 FROM `steps` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'person' AND EXISTS (
    SELECT 1 FROM `people` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'event' AND EXISTS (
    SELECT 1 FROM `events` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'donate' AND EXISTS (
    SELECT 1 FROM `donate_info` WHERE `user_id` = NEW.`user_id` AND `updated_at` <> NEW.`version`))
  OR (NEW.`kind` = 'profile' AND EXISTS (
    SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND `updated_at` <> NEW.`version`))
BEGIN
  SELECT RAISE(ABORT, 'nook_version_conflict');
END;
