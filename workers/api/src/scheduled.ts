import { purgeLeavingAccounts } from "./auth/delete-account.ts";
import { purgeExpiredChallenges } from "./auth/passkeys.ts";
import { purgeExpiredSessions } from "./auth/session.ts";
import { purgeExpiredAttempts } from "./auth/throttle.ts";
import { POLL_DEFAULTS, pollDonations } from "./donate/poll.ts";
import { openDb } from "./platform/db.ts";
import { configOf } from "./platform/env.ts";
import { purgeExpiredKeys } from "./platform/idempotency.ts";
import { runReminders } from "./push/cron.ts";

/** The crons of wrangler.toml: the reminders every minute, the rest every ten. */
export const EVERY_MINUTE = "* * * * *";
export const EVERY_TEN_MINUTES = "*/10 * * * *";

/**
 * The cron's work for the trigger `cron` at `now` (wrangler.toml has two): every minute the reminders due
 * (push/cron.ts); every ten minutes donation polling and dropping expired sign-in failures, sessions, passkey
 * challenges and idempotency keys, and the rows of deleted accounts a part at a time. Each piece is handed to
 * `waitUntil`, and the promises are returned for a caller that waits (POST /api/dev/cron).
 */
export function scheduledWork(
  env: Env,
  cron: string,
  now: number,
  waitUntil: (p: Promise<unknown>) => void,
): Promise<unknown>[] {
  const work: Promise<unknown>[] = [];
  if (cron === EVERY_MINUTE)
    work.push(
      runReminders(env, now).then((run) => {
        if (run.claimed) console.log(`reminders: ${JSON.stringify(run)}`);
        return run;
      }),
    );
  if (cron === EVERY_TEN_MINUTES) {
    const { donate } = configOf(env);
    const db = openDb(env.DB);
    work.push(
      purgeExpiredAttempts(db),
      purgeExpiredSessions(db),
      purgeExpiredChallenges(db),
      purgeExpiredKeys(db),
      purgeLeavingAccounts(env.DB),
      pollDonations(db, { ...POLL_DEFAULTS, ...donate, now: Date.now }).then((report) => {
        if (report.sources) console.log(`donation polling: ${JSON.stringify(report)}`);
      }),
    );
  }
  for (const p of work) waitUntil(p);
  return work;
}
