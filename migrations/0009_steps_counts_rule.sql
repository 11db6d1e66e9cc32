-- The rule a row's item counts were taken by: 0, empty lines counted as items;
-- 1, they are not. The API recounts a 0 row on its first read and writes 1.
ALTER TABLE `steps` ADD `counts_rule` integer DEFAULT 0 NOT NULL;