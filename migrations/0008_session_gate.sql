-- The session check that rides in front of a request's first batch (auth/session-gate.ts). A signed-in
-- request's token proves who sends it; whether its session is still live (not logged out, not ended by a
-- password change, not expired) is the sessions row's, and that row is read in the same trip to D1 as the
-- route's own statements, not in a trip of its own. An insert into this view opens that batch: when the
-- session is not live its trigger aborts, and D1 rolls the whole batch back, so not one of the route's
-- statements (a write included) takes effect for an ended session. When it is live nothing is written.
CREATE VIEW `session_gate` AS SELECT NULL AS `session_id`, NULL AS `user_id`, NULL AS `now` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `session_gate_check` INSTEAD OF INSERT ON `session_gate`
WHEN NOT EXISTS (
  SELECT 1 FROM `sessions`
  WHERE `id` = NEW.`session_id` AND `user_id` = NEW.`user_id` AND `expires_at` > NEW.`now`
)
BEGIN
  SELECT RAISE(ABORT, 'nook_session_ended');
END;
