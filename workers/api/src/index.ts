import { app } from "./app.ts";
import { POLL_DEFAULTS, pollDonations } from "./donate/poll.ts";
import { openDb } from "./platform/db.ts";
import { configOf } from "./platform/env.ts";

export default {
  fetch: app.fetch,
  /** The cron trigger (wrangler.toml): donation polling (DESIGN §5). */
  async scheduled(_controller, env, ctx) {
    const { donate } = configOf(env);
    ctx.waitUntil(
      pollDonations(openDb(env.DB), { ...POLL_DEFAULTS, ...donate, now: Date.now }).then((report) => {
        if (report.sources) console.log(`donation polling: ${JSON.stringify(report)}`);
      }),
    );
  },
} satisfies ExportedHandler<Env>;
