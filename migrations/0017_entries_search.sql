-- Search of the entries (journal/entry-search.ts): an FTS5 index of every entry's text, with the trigram
-- tokenizer (SQLite 3.34+, in D1 and local workerd alike): any three characters in a row, in any script, case
-- folded, so a word is found inside another ("бег" in "бегал", "run" in "running"). External content: the
-- text stays in `entries` alone, the index holds only its trigrams. The triggers keep it on every write to
-- entries — the routes, imports and their undo, account deletion (a cascade fires them too) — so no code path
-- can forget it. A tag merge changes no text: the search's tags are read from entry_tags.
CREATE VIRTUAL TABLE `entries_search` USING fts5(`text`, content='entries', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `entries_search`(`entries_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `entries_search_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `entries_search`(`rowid`, `text`) VALUES (NEW.`id`, NEW.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `text`) VALUES ('delete', OLD.`id`, OLD.`text`);
END;
--> statement-breakpoint
CREATE TRIGGER `entries_search_update` AFTER UPDATE OF `text` ON `entries` BEGIN
  INSERT INTO `entries_search`(`entries_search`, `rowid`, `text`) VALUES ('delete', OLD.`id`, OLD.`text`);
  INSERT INTO `entries_search`(`rowid`, `text`) VALUES (NEW.`id`, NEW.`text`);
END;
