-- The Idempotency-Key of the writes that take one (workers/api/src/platform/idempotency.ts):
-- a key is its user's and its route's, kept 24 hours with its body's hash and its first answer.
CREATE TABLE `idempotency_keys` (
	`user_id` integer NOT NULL,
	`route` text NOT NULL,
	`key` text NOT NULL,
	`body_hash` text NOT NULL,
	`status` integer,
	`response` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `route`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at` ON `idempotency_keys` (`created_at`);