-- Usernames are public (/u/{username}): from here on lower-case a-z, 0-9, '_' and '-', unique without regard
-- to case (DESIGN §4). The names already stored are brought to that rule before the index can hold, and no
-- account is lost: only the username column changes, so donations, sessions and all else stay on the id.
--   * The name each account wants: its name lower-cased, '.' made '-', every other character outside the
--     rule dropped (a Cyrillic look-alike letter too), cut to 40 characters; 'user' when nothing is left.
--   * Of the accounts that want one name, one keeps it: the one that already holds it exactly, else the
--     oldest (lowest id).
--   * Every other gets '<name>-<its id>' (the name cut so that it stays within 40), with '-<its id>' added
--     again while a keeper holds that. Each such name ends in its own account's id, so no two of them meet,
--     and none is a keeper's: the result is unique and the same on every database with the same rows.
-- The work table is filled from the old names in one statement, then applied, so no half-renamed row is read.
CREATE TABLE `username_moves` (
	`id` integer PRIMARY KEY NOT NULL,
	`username` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `username_moves` (`id`, `username`)
WITH RECURSIVE
  walk(id, rest, kept) AS (
    SELECT id, lower(username), '' FROM users
    UNION ALL
    SELECT id, substr(rest, 2), kept || CASE
        WHEN substr(rest, 1, 1) GLOB '[a-z0-9_-]' THEN substr(rest, 1, 1)
        WHEN substr(rest, 1, 1) = '.' THEN '-'
        ELSE ''
      END
    FROM walk WHERE rest <> ''
  ),
  wanted(id, name) AS (
    SELECT id, coalesce(nullif(substr(kept, 1, 40), ''), 'user') FROM walk WHERE rest = ''
  ),
  ranked(id, name, rank) AS (
    SELECT wanted.id, wanted.name,
      row_number() OVER (PARTITION BY wanted.name ORDER BY users.username = wanted.name DESC, wanted.id)
    FROM wanted JOIN users ON users.id = wanted.id
  ),
  moved(id, name) AS (
    SELECT id, substr(name, 1, 40 - length('-' || id)) || '-' || id FROM ranked WHERE rank > 1
    UNION ALL
    SELECT id, name || '-' || id FROM moved WHERE name IN (SELECT name FROM ranked WHERE rank = 1)
  ),
  final(id, name) AS (
    SELECT id, name FROM ranked WHERE rank = 1
    UNION ALL
    SELECT id, name FROM moved WHERE name NOT IN (SELECT name FROM ranked WHERE rank = 1)
  )
SELECT final.id, final.name FROM final JOIN users ON users.id = final.id WHERE users.username <> final.name;
--> statement-breakpoint
UPDATE `users` SET `username` = (SELECT `username` FROM `username_moves` WHERE `username_moves`.`id` = `users`.`id`)
WHERE `id` IN (SELECT `id` FROM `username_moves`);
--> statement-breakpoint
DROP TABLE `username_moves`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower` ON `users` (lower("username"));
