-- Counts taken by an older rule (before issue 26, empty lines were items) are
-- recounted by the API on the row's first read; rows written from now on say 1.
ALTER TABLE `steps` ADD `counts_rule` integer DEFAULT 0 NOT NULL;