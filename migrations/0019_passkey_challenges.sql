-- Passkeys, round two (auth/passkeys.ts). A WebAuthn challenge is kept here until its one use: keyed by the
-- SHA-256 of a nonce only the browser that asked holds (an HttpOnly cookie), a registration's with its
-- account. Expired rows go with the next options asked for, and with the cron.
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` integer,
	`challenge` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_at` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
-- The batch that accepts an answer spends its challenge: an insert into this view opens it, and its trigger
-- aborts (D1 rolls the whole batch back: no passkey kept, no session begun) when the challenge is not there
-- to spend, for this purpose and account, unexpired; else it deletes it. Of two answers to one challenge,
-- however close together, one batch finds it and the other aborts.
CREATE VIEW `webauthn_challenge_spend` AS SELECT NULL AS `id`, NULL AS `purpose`, NULL AS `user_id`, NULL AS `now` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `webauthn_challenge_spend_check` INSTEAD OF INSERT ON `webauthn_challenge_spend` BEGIN
  SELECT RAISE(ABORT, 'nook_challenge_spent') WHERE NOT EXISTS (
    SELECT 1 FROM `webauthn_challenges` WHERE `id` = NEW.`id` AND `purpose` = NEW.`purpose`
      AND `user_id` IS NEW.`user_id` AND `expires_at` > NEW.`now`);
  DELETE FROM `webauthn_challenges` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- Each account's WebAuthn user handle: 32 random bytes (hex), never its sequential id. Every account there is
-- gets one now; every account inserted later gets one from the trigger, whatever inserts it.
ALTER TABLE `users` ADD `user_handle` text;--> statement-breakpoint
UPDATE `users` SET `user_handle` = lower(hex(randomblob(32))) WHERE `user_handle` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_user_handle_unique` ON `users` (`user_handle`);--> statement-breakpoint
CREATE TRIGGER `users_user_handle_fill` AFTER INSERT ON `users` WHEN NEW.`user_handle` IS NULL BEGIN
  UPDATE `users` SET `user_handle` = lower(hex(randomblob(32))) WHERE `id` = NEW.`id`;
END;
