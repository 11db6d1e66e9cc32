import { DateParam, type LupileonSummary, type SignsAnswer } from "@nook/shared/lupileon/schemas";
import { CELTIC_STARTS, SIDEREAL_STARTS, sexagenary, signSpan, TROPICAL_STARTS } from "@nook/shared/lupileon/signs";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { users } from "../auth/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { celestialAt, chineseYearOf, moonAt, solarAt } from "./astro.ts";

/**
 * The birth-date section (spec 2 §7, issue 13). The summary is the signed-in
 * user's; the sky is anyone's (the by-date page works signed out), and the
 * same date always gets the same answer, so it is cached for a year.
 *   GET /api/lupileon/summary → {dateOfBirth, name}
 *   GET /api/lupileon/{moon,celestial,solar,signs}/{date} — date YYYY-MM-DD or an ISO date-time
 */
const forever = (c: Context) => c.header("Cache-Control", "public, max-age=31536000, immutable");

export function signsOf(day: string): SignsAnswer {
  const chinese = chineseYearOf(day);
  const cycle = sexagenary(chinese.year);
  return {
    day,
    tropical: signSpan(TROPICAL_STARTS, day),
    sidereal: signSpan(SIDEREAL_STARTS, day),
    chinese: {
      animal: cycle.animal,
      element: cycle.element,
      yinYang: cycle.yinYang,
      stem: cycle.stem,
      branch: cycle.branch,
      cycleYear: cycle.cycleYear,
      yearStart: chinese.start,
      yearEnd: chinese.end,
    },
    celtic: signSpan(CELTIC_STARTS, day),
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
  };
}

const sky = new Hono<AppEnv>()
  .get("/moon/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(moonAt(c.req.valid("param").date.at), 200);
  })
  .get("/celestial/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(celestialAt(c.req.valid("param").date.at), 200);
  })
  .get("/solar/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(solarAt(c.req.valid("param").date.at), 200);
  })
  .get("/signs/:date", validate("param", DateParam), (c) => {
    forever(c);
    return c.json(signsOf(c.req.valid("param").date.day), 200);
  });

const summary = new Hono<AppEnv>().use(requireUser).get("/summary", async (c) => {
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
