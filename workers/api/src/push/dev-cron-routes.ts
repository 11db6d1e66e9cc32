import { isSiteName, siteRoot } from "@nook/shared/common/sites";
import { DevCronBody } from "@nook/shared/push/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { validate } from "../platform/validate.ts";
import { EVERY_MINUTE } from "../scheduled.ts";
import { type ReminderRun, runReminders } from "./cron.ts";

/**
 * POST /api/dev/cron: the every-minute cron's work (the reminders due, push/cron.ts) at once, as if it were `at`
 * (or now), only where DEV_LOGIN is "true" (local runs and tests; 404 elsewhere). Answers what the run did. The
 * ten-minute work (donation polling, the purges) is not run here.
 */
export const devCronRoutes = new Hono<AppEnv>().post(
  "/cron",
  // Before the body is read: elsewhere the route is not there, whatever is sent.
  async (c, next) => (c.var.config.devLogin ? next() : fail(c, 404, NOT_FOUND)),
  validate("json", DevCronBody),
  async (c) => {
    const now = c.req.valid("json").at ?? Date.now();
    // The notifications open this server's sites: the root of the host it was asked at.
    const url = new URL(c.req.url);
    const label = url.hostname.split(".")[0] ?? "";
    const root = siteRoot(isSiteName(label) ? label : "root", url.hostname);
    const localRoot = `${url.protocol}//${root}${url.port ? `:${url.port}` : ""}`;
    const reminders: ReminderRun = await runReminders(c.env, now, { localRoot });
    return c.json({ cron: EVERY_MINUTE, at: new Date(now).toISOString(), reminders }, 200);
  },
);
