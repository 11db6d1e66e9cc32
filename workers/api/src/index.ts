import { app } from "./app.ts";
import { purgeLeavingAccounts } from "./auth/delete-account.ts";
import { purgeExpiredChallenges } from "./auth/passkeys.ts";
import { purgeExpiredSessions } from "./auth/session.ts";
import { purgeExpiredAttempts } from "./auth/throttle.ts";
import { POLL_DEFAULTS, pollDonations } from "./donate/poll.ts";
import { openDb } from "./platform/db.ts";
import { configOf } from "./platform/env.ts";
import { purgeExpiredKeys } from "./platform/idempotency.ts";

export default {
  fetch: app.fetch,
  /** The cron trigger (wrangler.toml): donation polling, dropping expired sign-in failures, sessions, passkey challenges and idempotency keys, and the rows of deleted accounts a part at a time. */
  async scheduled(_controller, env, ctx) {
    const { donate } = configOf(env);
    const db = openDb(env.DB);
    ctx.waitUntil(purgeExpiredAttempts(db));
    ctx.waitUntil(purgeExpiredSessions(db));
    ctx.waitUntil(purgeExpiredChallenges(db));
    ctx.waitUntil(purgeExpiredKeys(db));
    ctx.waitUntil(purgeLeavingAccounts(env.DB));
    ctx.waitUntil(
      pollDonations(db, { ...POLL_DEFAULTS, ...donate, now: Date.now }).then((report) => {
        if (report.sources) console.log(`donation polling: ${JSON.stringify(report)}`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
