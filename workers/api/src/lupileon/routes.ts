import { DateParam, type LupileonSummary, type Moment, SkyQuery } from "@nook/shared/lupileon/schemas";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { users } from "../auth/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { celestialAt, dayIn, moonAt, solarAt } from "./astro.ts";
import { signsOf } from "./signs-of.ts";

/**
 * The birth-date section (spec 2 §7). The summary is the signed-in
 * user's; the sky is anyone's (the by-date page works signed out), and the
 * same date always gets the same answer, so it is cached for a year.
 *   GET /api/lupileon/summary → {dateOfBirth, name}
 *   GET /api/lupileon/{moon,celestial,solar,signs}/{date} — date YYYY-MM-DD or an ISO date-time
 *   moon and solar take `?tz=` (default UTC): the zone of the reader's day, which a phase or a
 *   solstice names.
 */
const forever = (c: Context) => c.header("Cache-Control", "public, max-age=31536000, immutable");

/** The reader's day of a `{date}`: the day as written, or the day holding a date-time in the zone. */
const readersDay = (moment: Moment, timeZone: string) => (moment.exact ? dayIn(moment.at, timeZone) : moment.day);

const sky = new Hono<AppEnv>()
  .get("/moon/:date", validate("param", DateParam), validate("query", SkyQuery), (c) => {
    forever(c);
    const moment = c.req.valid("param").date;
    const zone = c.req.valid("query").tz ?? "UTC";
    return c.json(moonAt(moment.at, readersDay(moment, zone), zone), 200);
  })
  .get("/celestial/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(celestialAt(c.req.valid("param").date.at), 200);
  })
  .get("/solar/:date", validate("param", DateParam), validate("query", SkyQuery), (c) => {
    forever(c);
    const moment = c.req.valid("param").date;
    const zone = c.req.valid("query").tz ?? "UTC";
    return c.json(solarAt(moment.at, readersDay(moment, zone), zone), 200);
  })
  .get("/signs/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(signsOf(c.req.valid("param").date.day), 200);
  });

// The session is asked for on the summary's own route, not on every path under /api/lupileon: a path that
// is no route falls through to the API's 404, signed out too, rather than a 401.
const summary = new Hono<AppEnv>().get("/summary", requireUser, async (c) => {
  const row = await c.var.db
    .select({ dateOfBirth: users.dateOfBirth, name: users.name })
    .from(users)
    .where(eq(users.id, c.var.user.id))
    .get();
  // The session's user exists (requireUser checked it); the summary is never cached.
  c.header("Cache-Control", "private, no-store");
  return c.json({ dateOfBirth: row?.dateOfBirth ?? null, name: row?.name ?? "" } satisfies LupileonSummary, 200);
});

export const lupileonRoutes = new Hono<AppEnv>().route("/", sky).route("/", summary);
