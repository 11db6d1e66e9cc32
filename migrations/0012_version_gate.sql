-- A write made against the version its writer read (platform/version-gate.ts): the `If-Match` of an entry, a
-- checklist, a person, the donation page or the profile names the `modifiedAt` the writer saw. An insert into
-- this view opens the write's own batch: when the row is there and has changed since, its trigger aborts and
-- D1 rolls the whole batch back, so a stale write changes nothing and is answered 409 with the row as it is.
-- A row that is not there passes (the route answers its 404, or a donation page is made).
CREATE VIEW `version_gate` AS SELECT NULL AS `kind`, NULL AS `id`, NULL AS `user_id`, NULL AS `version` WHERE 0;
--> statement-breakpoint
CREATE TRIGGER `version_gate_check` INSTEAD OF INSERT ON `version_gate`
WHEN (NEW.`kind` = 'entry' AND EXISTS (
    SELECT 1 FROM `entries` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'steps' AND EXISTS (
    SELECT 1 FROM `steps` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'person' AND EXISTS (
    SELECT 1 FROM `people` WHERE `id` = NEW.`id` AND `user_id` = NEW.`user_id` AND `modified_at` <> NEW.`version`))
  OR (NEW.`kind` = 'donate' AND EXISTS (
    SELECT 1 FROM `donate_info` WHERE `user_id` = NEW.`user_id` AND `updated_at` <> NEW.`version`))
  OR (NEW.`kind` = 'profile' AND EXISTS (
    SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND `updated_at` <> NEW.`version`))
BEGIN
  SELECT RAISE(ABORT, 'nook_version_conflict');
END;
