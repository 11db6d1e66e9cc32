-- A deleted account's rows go a part at a time (auth/delete-account.ts): the account is marked leaving meanwhile.
-- The rows an import added, by run and account, for the undo's parts and counts (platform/import-index.ts); the
-- timers by account, for the export's pages and a deletion; a timer's tags by tag, for the foreign key's checks
-- when a tag is written or deleted (without each, a read of the whole table: import/chunk-plans.test.ts).
ALTER TABLE `users` ADD `leaving_since` integer;--> statement-breakpoint
CREATE INDEX `users_leaving` ON `users` (`leaving_since`) WHERE leaving_since IS NOT NULL;--> statement-breakpoint
CREATE INDEX `events_import` ON `events` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `donations_import` ON `donations` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `entries_import` ON `entries` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `metrics_import` ON `metrics` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `tags_import` ON `tags` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `people_import` ON `people` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stack_items_import` ON `stack_items` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `stacks_import` ON `stacks` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `steps_import` ON `steps` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `timer_tags_tag` ON `timer_tags` (`tag_id`);--> statement-breakpoint
CREATE INDEX `timers_user` ON `timers` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `timers_import` ON `timers` (`import_id`,`user_id`) WHERE import_id IS NOT NULL;