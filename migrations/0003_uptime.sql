CREATE TABLE `uptime_stale` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`since` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `entries` ADD `asleep` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `asleep_after` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `awake_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sleep columns (workers/api/src/journal/uptime.ts) are kept by these triggers, whoever writes.
-- A new entry that marks nothing takes its state from the entry before it (its tags come after it:
-- a down/up tag then marks the user stale below).
CREATE TRIGGER `entries_uptime_insert` AFTER INSERT ON `entries` BEGIN
  UPDATE `entries` SET (`asleep`, `asleep_after`, `awake_at`) = (
    SELECT COALESCE(p.`asleep_after`, 0), COALESCE(p.`asleep_after`, 0),
      CASE WHEN p.`asleep_after` IS NULL THEN NEW.`date`
           WHEN p.`asleep_after` THEN p.`awake_at`
           ELSE p.`awake_at` + NEW.`date` - p.`date` END
    FROM (SELECT 1) LEFT JOIN (
      SELECT `date`, `asleep_after`, `awake_at` FROM `entries`
      WHERE `user_id` = NEW.`user_id` AND (`date`, `id`) < (NEW.`date`, NEW.`id`)
      ORDER BY `date` DESC, `id` DESC LIMIT 1) p)
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- A moved down/up entry makes everything from the earlier of its two dates stale; any other moved entry
-- takes its state from the entry before its new place.
CREATE TRIGGER `entries_uptime_move` AFTER UPDATE OF `date` ON `entries` WHEN NEW.`date` IS NOT OLD.`date` BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`)
    SELECT NEW.`user_id`, MIN(OLD.`date`, NEW.`date`) WHERE EXISTS (
      SELECT 1 FROM `entry_tags` JOIN `tags` ON `tags`.`id` = `entry_tags`.`tag_id`
      WHERE `entry_tags`.`entry_id` = NEW.`id` AND `tags`.`name` IN ('down', 'up'))
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = MIN(`since`, excluded.`since`);
  UPDATE `entries` SET (`asleep`, `asleep_after`, `awake_at`) = (
    SELECT COALESCE(p.`asleep_after`, 0), COALESCE(p.`asleep_after`, 0),
      CASE WHEN p.`asleep_after` IS NULL THEN NEW.`date`
           WHEN p.`asleep_after` THEN p.`awake_at`
           ELSE p.`awake_at` + NEW.`date` - p.`date` END
    FROM (SELECT 1) LEFT JOIN (
      SELECT `date`, `asleep_after`, `awake_at` FROM `entries`
      WHERE `user_id` = NEW.`user_id` AND (`date`, `id`) < (NEW.`date`, NEW.`id`)
      ORDER BY `date` DESC, `id` DESC LIMIT 1) p)
  WHERE `id` = NEW.`id` AND NOT EXISTS (SELECT 1 FROM `uptime_stale` WHERE `user_id` = NEW.`user_id` AND `since` <= NEW.`date`);
END;
--> statement-breakpoint
-- A removed down/up entry (its tags are still there before the delete).
CREATE TRIGGER `entries_uptime_delete` BEFORE DELETE ON `entries` WHEN EXISTS (
  SELECT 1 FROM `entry_tags` JOIN `tags` ON `tags`.`id` = `entry_tags`.`tag_id`
  WHERE `entry_tags`.`entry_id` = OLD.`id` AND `tags`.`name` IN ('down', 'up')) BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`) VALUES (OLD.`user_id`, OLD.`date`)
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = MIN(`since`, excluded.`since`);
END;
--> statement-breakpoint
-- An entry gains a down or up tag.
CREATE TRIGGER `entry_tags_uptime_insert` AFTER INSERT ON `entry_tags` WHEN EXISTS (
  SELECT 1 FROM `tags` WHERE `id` = NEW.`tag_id` AND `name` IN ('down', 'up')) BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`)
    SELECT `user_id`, `date` FROM `entries` WHERE `id` = NEW.`entry_id`
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = MIN(`since`, excluded.`since`);
END;
--> statement-breakpoint
-- An entry loses a down or up tag (when the entry itself is deleted, entries_uptime_delete saw it).
CREATE TRIGGER `entry_tags_uptime_delete` AFTER DELETE ON `entry_tags` WHEN EXISTS (
  SELECT 1 FROM `tags` WHERE `id` = OLD.`tag_id` AND `name` IN ('down', 'up')) BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`)
    SELECT `user_id`, `date` FROM `entries` WHERE `id` = OLD.`entry_id`
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = MIN(`since`, excluded.`since`);
END;
--> statement-breakpoint
-- A tag becomes or stops being down or up: all of the user's entries.
CREATE TRIGGER `tags_uptime_rename` AFTER UPDATE OF `name` ON `tags`
  WHEN OLD.`name` IN ('down', 'up') OR NEW.`name` IN ('down', 'up') BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`) VALUES (NEW.`user_id`, -8640000000000000)
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = excluded.`since`;
END;
--> statement-breakpoint
CREATE TRIGGER `tags_uptime_delete` BEFORE DELETE ON `tags` WHEN OLD.`name` IN ('down', 'up') BEGIN
  INSERT INTO `uptime_stale` (`user_id`, `since`) VALUES (OLD.`user_id`, -8640000000000000)
    ON CONFLICT (`user_id`) DO UPDATE SET `since` = excluded.`since`;
END;
--> statement-breakpoint
-- The entries written before this migration: computed on their first uptime-only read.
INSERT INTO `uptime_stale` (`user_id`, `since`)
  SELECT `id`, -8640000000000000 FROM `users` WHERE EXISTS (SELECT 1 FROM `entries` WHERE `user_id` = `users`.`id`);
