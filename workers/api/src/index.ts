import { app } from "./app.ts";
import { scheduledWork } from "./scheduled.ts";

export default {
  fetch: app.fetch,
  /** The cron triggers (wrangler.toml, every minute and every ten): scheduled.ts says what each runs. */
  async scheduled(controller, env, ctx) {
    scheduledWork(env, controller.cron, controller.scheduledTime, (p) => ctx.waitUntil(p));
  },
} satisfies ExportedHandler<Env>;
