-- A create that claims its Idempotency-Key in its own batch keeps the row it made, not its answer's text
-- (workers/api/src/platform/idempotency.ts, keyedBatch): a retry is answered with that row as it is now.
ALTER TABLE `idempotency_keys` ADD `result_id` integer;
