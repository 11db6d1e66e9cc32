-- The search's index (journal/entry-search.ts) keyed by its user: an entry's FTS5 rowid is
-- user_id * 2^32 + id, so one user's entries are one run of keys, and a search asks FTS5 for the reader's run
-- alone (`rowid BETWEEN user_id << 32 AND (user_id << 32) + 2^32 - 1` beside the MATCH). FTS5 seeks each
-- word's list of rows to the start of that run and stops at its end: a search costs the reader's own matches,
-- not every user's (migration 0017's index, keyed by the entry's id, gathered every user's matches of a common
-- word before the reader's were picked out).
-- The key holds both ids: users.id stays far below 2^31 (one id a sign-up), so a key stays below 2^63; entries.id
-- stays below 2^32 (4.3 billion). AUTOINCREMENT hands each id out once, so every entry ever written into the
-- database counts, deleted or not; a 10 GB database holds at most about 56 million at once (177 bytes each
-- before its tags and its words here, README's scale plan), so it takes filling it and emptying it again 76
-- times over. Were an id ever past it, two entries' keys could meet, and still a search would show only the
-- reader's entries: its rows are walked from the reader's own.
-- External content over a view of the entries with their key, as 0017's was over the entries: the text stays in
-- `entries` alone, FTS5's 'rebuild' and 'integrity-check' read the view. The view has no index on its key, so
-- only the rowids are read from this table (a column of it would be looked up by a scan of the entries).
-- The triggers keep it on every write to entries, as 0017's did — the routes, imports and their undo, account
-- deletion (a cascade fires them too); an entry's user never changes, but a change of it would move its key too.
DROP TRIGGER `entries_search_insert`;
--> statement-breakpoint
DROP TRIGGER `entries_search_delete`;
--> statement-breakpoint
DROP TRIGGER `entries_search_update`;
--> statement-breakpoint
DROP TABLE `entries_search`;
--> statement-breakpoint
CREATE VIEW `entries_keyed_by_user` AS SELECT (`user_id` << 32) + `id` AS `key`, `text` FROM `entries`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `entries_search` USING fts5(`text`, content='entries_keyed_by_user', content_rowid='key', tokenize='trigram');
--> statement-breakpoint
-- Filled in the order of its keys: FTS5 writes rising rowids straight on, and flushes what it holds each time
-- a rowid falls, as it would all along the entries' own order, their users interleaved ('rebuild' reads that
-- order: 2.7 to 2.9 times as long over 1.1 million entries of 101 users, `npm run bench -- search`).
INSERT INTO `entries_search`(`rowid`, `text`) SELECT `key`, `text` FROM `entries_keyed_by_user` ORDER BY `key`;
--> statement-breakpoint
CREATE TRIGGER `entries_search_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `entries_search`(`rowid`, `text`) VALUES ((NEW.`user_id` << 32) + NEW.`id`, NEW.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `text`) VALUES ('delete', (OLD.`user_id` << 32) + OLD.`id`, OLD.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_update` AFTER UPDATE OF `text`, `user_id` ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `text`) VALUES ('delete', (OLD.`user_id` << 32) + OLD.`id`, OLD.`text`);
  INSERT INTO `entries_search`(`rowid`, `text`) VALUES ((NEW.`user_id` << 32) + NEW.`id`, NEW.`text`);
END;
