-- The mark an import run leaves on each row it writes (import/runs.ts): the modification time it wrote. A row
-- is edited since the import when its modification time is no longer the mark (every edit sets the time of
-- the edit), so a file's own times, however far in the future, never make a row look edited.
ALTER TABLE `events` ADD `import_mark` integer;--> statement-breakpoint
ALTER TABLE `donate_info` ADD `import_mark` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `import_mark` integer;--> statement-breakpoint
ALTER TABLE `people` ADD `import_mark` integer;--> statement-breakpoint
ALTER TABLE `steps` ADD `import_mark` integer;--> statement-breakpoint
ALTER TABLE `timers` ADD `import_mark` integer;--> statement-breakpoint
-- The rows imported before the mark: those the rule before it judged unedited (modified no later than their
-- run's last chunk) take their modification time as their mark; the others stay edited since (no mark).
UPDATE `entries` SET `import_mark` = `modified_at` WHERE `import_id` IS NOT NULL
  AND `modified_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `entries`.`import_id`);--> statement-breakpoint
UPDATE `people` SET `import_mark` = `modified_at` WHERE `import_id` IS NOT NULL
  AND `modified_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `people`.`import_id`);--> statement-breakpoint
UPDATE `steps` SET `import_mark` = `modified_at` WHERE `import_id` IS NOT NULL
  AND `modified_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `steps`.`import_id`);--> statement-breakpoint
UPDATE `events` SET `import_mark` = `modified_at` WHERE `import_id` IS NOT NULL
  AND `modified_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `events`.`import_id`);--> statement-breakpoint
UPDATE `timers` SET `import_mark` = `modified_at` WHERE `import_id` IS NOT NULL
  AND `modified_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `timers`.`import_id`);--> statement-breakpoint
UPDATE `donate_info` SET `import_mark` = `updated_at` WHERE `import_id` IS NOT NULL
  AND `updated_at` <= (SELECT `updated_at` FROM `imports` WHERE `imports`.`id` = `donate_info`.`import_id`);
