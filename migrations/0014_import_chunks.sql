CREATE TABLE `import_chunks` (
	`import_id` integer NOT NULL,
	`n` integer NOT NULL,
	`kinds` text NOT NULL,
	PRIMARY KEY(`import_id`, `n`),
	FOREIGN KEY (`import_id`) REFERENCES `imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `donate_info` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `donations` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `imports` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `imports` ADD `chunks` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `metrics` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `tags` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `people` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `stack_items` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `stacks` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `steps` ADD `import_id` integer;--> statement-breakpoint
ALTER TABLE `timers` ADD `import_id` integer;