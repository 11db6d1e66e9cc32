import { app } from "./app.ts";
import { purgeExpiredAttempts } from "./auth/throttle.ts";
import { POLL_DEFAULTS, pollDonations } from "./donate/poll.ts";
import { openDb } from "./platform/db.ts";
import { configOf } from "./platform/env.ts";

export default {
  fetch: app.fetch,
  /** The cron trigger (wrangler.toml): donation polling (DESIGN §5) and dropping expired sign-in failures. */
  async scheduled(_controller, env, ctx) {
    const { donate } = configOf(env);
    const db = openDb(env.DB);
    ctx.waitUntil(purgeExpiredAttempts(db));
    ctx.waitUntil(
      pollDonations(db, { ...POLL_DEFAULTS, ...donate, now: Date.now }).then((report) => {
        if (report.sources) console.log(`donation polling: ${JSON.stringify(report)}`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
