import { addDays, todayIn } from "@nook/shared/common/calendar-date";
import { INSIGHTS_DEFAULT_DAYS, InsightsQuery } from "@nook/shared/insights/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { insightsOf, insightsReads } from "./insights.ts";

/**
 * GET /api/journal/insights?from=&to= (DESIGN §5 "Insights"): what goes with a good day — the mean mood on
 * local days with and without each tag and person, that day and the next, each metric's rank correlation
 * with the day's mood, the weekdays' means — over the profile's local days (`?tz=` overrides), by default
 * the last 365 up to today. Two trips: the profile's zone (the session's row), then the three sums
 * (insights.ts) in one batch. Mounted under journalRoutes, whose requireUser covers it.
 */
export const insightsRoutes = new Hono<AppEnv>().get(
  "/insights",
  userTimeZone,
  validate("query", InsightsQuery),
  async (c) => {
    const query = c.req.valid("query");
    const today = todayIn(c.var.timeZone);
    const to = query.to ?? (query.from ? addDays(query.from, INSIGHTS_DEFAULT_DAYS - 1) : today);
    const from = query.from ?? addDays(to, -(INSIGHTS_DEFAULT_DAYS - 1));
    const { db, user } = c.var;
    const reads = await db.batch(insightsReads(db, user.id, from, to, c.var.timeZone));
    return c.json(insightsOf(reads, from, to), 200);
  },
);
