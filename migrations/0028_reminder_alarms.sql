ALTER TABLE `push_subscriptions` ADD `lang` text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- An account's next_due (push/cron.ts) counts its birthdays, deadlines and events at their lead times. A write
-- that can bring an alarm sooner, whoever makes it (a route, an import, the demo), sets next_due to this minute
-- when it is later, so the cron's next run reaches the account and works next_due out again from the data.
-- Writes that put an alarm later or remove it need nothing: the run at the old next_due finds nothing due.
CREATE TRIGGER `people_reminders_insert` AFTER INSERT ON `people` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `birthdays`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
CREATE TRIGGER `people_reminders_update` AFTER UPDATE OF `birth_date` ON `people` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `birthdays`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
CREATE TRIGGER `steps_reminders_insert` AFTER INSERT ON `steps` WHEN NEW.`deadline` IS NOT NULL BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `deadlines`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
-- A checklist's items counted again can make it not done: its deadline reminds again.
CREATE TRIGGER `steps_reminders_update` AFTER UPDATE OF `deadline`, `completed_items`, `total_items` ON `steps`
WHEN NEW.`deadline` IS NOT NULL AND (NEW.`deadline` IS NOT OLD.`deadline`
  OR (NEW.`total_items` = 0 OR NEW.`completed_items` < NEW.`total_items`)
    AND NOT (OLD.`total_items` = 0 OR OLD.`completed_items` < OLD.`total_items`)) BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `deadlines`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
CREATE TRIGGER `events_reminders_insert` AFTER INSERT ON `events` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `events`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
CREATE TRIGGER `events_reminders_update` AFTER UPDATE OF `date`, `start`, `repeat` ON `events` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND `events`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
-- The feed's lead times are the reminders' too.
CREATE TRIGGER `calendar_feeds_reminders_insert` AFTER INSERT ON `calendar_feeds` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND (`birthdays` OR `deadlines` OR `events`)
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
CREATE TRIGGER `calendar_feeds_reminders_update`
AFTER UPDATE OF `birthday_reminder`, `deadline_reminder`, `event_reminder` ON `calendar_feeds` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`user_id` AND (`birthdays` OR `deadlines` OR `events`)
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
--> statement-breakpoint
-- The profile's zone moves every wall time (the profile's route works next_due out at once; an import's zone
-- does not): the next run works it out again.
CREATE TRIGGER `users_reminders_zone` AFTER UPDATE OF `time_zone` ON `users`
WHEN NEW.`time_zone` IS NOT OLD.`time_zone` BEGIN
  UPDATE `reminder_settings` SET `next_due` = (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000
  WHERE `user_id` = NEW.`id`
    AND (`next_due` IS NULL OR `next_due` > (CAST(strftime('%s', 'now') AS INTEGER) / 60) * 60000);
END;
