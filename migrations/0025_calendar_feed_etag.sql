-- The feed's text as last read, hashed (its ETag), and when it first read so (its Last-Modified): a calendar
-- app's conditional GET is answered 304 while they hold (calendar/feed-routes.ts).
ALTER TABLE `calendar_feeds` ADD `etag` text;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `changed_at` integer;
