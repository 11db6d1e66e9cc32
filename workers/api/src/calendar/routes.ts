import { eventOccurrences } from "@nook/shared/calendar/events";
import { CalendarQuery } from "@nook/shared/calendar/schemas";
import { addDays, daysBetween, parseDate } from "@nook/shared/common/calendar-date";
import { dayNumberToDate, localDayNumber, startOfLocalDay } from "@nook/shared/common/time-zone";
import { birthdaysBetween } from "@nook/shared/people/birthdays";
import { and, asc, count, eq, gte, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { entries } from "../journal/schema.ts";
import { people } from "../people/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { localDaySql } from "../platform/local-day.ts";
import { requireUser } from "../platform/require-user.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { steps } from "../steps/schema.ts";
import { eventOut, eventsWithin } from "./event-store.ts";
import { eventsRoutes } from "./events-routes.ts";
import { feedFileRoutes, feedRoutes } from "./feed-routes.ts";

/** The people whose birthday ("MM-DD") can fall within [from, to]: every one for a year or more. */
export function birthdayCondition(from: string, to: string): SQL | undefined {
  if (daysBetween(from, to) >= 365) return undefined;
  const [a, b] = [from.slice(5), to.slice(5)];
  // 29 February is celebrated on the 28th in common years: always a candidate, checked below.
  const leap = eq(people.birthMonthDay, "02-29");
  const span =
    a <= b
      ? and(gte(people.birthMonthDay, a), sql`${people.birthMonthDay} <= ${b}`)
      : or(gte(people.birthMonthDay, a), sql`${people.birthMonthDay} <= ${b}`);
  return or(span, leap);
}

export async function calendarDays(db: Db, userId: number, from: string, to: string, timeZone: string) {
  const f = parseDate(from);
  const next = parseDate(addDays(to, 1));
  const start = startOfLocalDay(f.year, f.month, f.day, timeZone);
  const end = startOfLocalDay(next.year, next.month, next.day, timeZone);
  const day = localDaySql(sql`${entries.date}`, timeZone, start, end);
  const inSpan = (column: typeof entries.date | typeof steps.deadline) => and(gte(column, start), lt(column, end));
  const [born, due, active, own] = await db.batch([
    db
      .select({ personId: people.id, name: people.name, birthDate: people.birthDate })
      .from(people)
      .where(and(eq(people.userId, userId), birthdayCondition(from, to)))
      .orderBy(asc(people.name)),
    db
      .select({ stepsId: steps.id, name: steps.name, deadline: steps.deadline })
      .from(steps)
      .where(and(eq(steps.userId, userId), isNotNull(steps.deadline), inSpan(steps.deadline)))
      .orderBy(asc(steps.deadline), asc(steps.id)),
    db
      .select({ day: sql<number>`${day}`.as("day"), n: count() })
      .from(entries)
      .where(and(eq(entries.userId, userId), inSpan(entries.date)))
      .groupBy(sql`day`),
    eventsWithin(db, userId, from, to),
  ]);
  return {
    birthdays: born
      .flatMap((p) =>
        birthdaysBetween(p.birthDate, from, to).map((b) => ({
          date: b.date,
          personId: p.personId,
          name: p.name,
          age: b.age,
        })),
      )
      .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0)),
    deadlines: due.map((s) => ({
      date: dayNumberToDate(localDayNumber(s.deadline ?? 0, timeZone)),
      stepsId: s.stepsId,
      name: s.name,
    })),
    events: eventOccurrences(own.map(eventOut), from, to),
    activity: Object.fromEntries(active.map((a) => [dayNumberToDate(a.day), a.n])) as Record<string, number>,
  };
}

/**
 * One picture of a span of days (DESIGN §5 "Calendar"): people's birthdays,
 * steps deadlines, the person's own events (each day a repeating one falls on)
 * and journal activity (entries a day), days local to the
 * user's time zone (`?tz=` overrides), at most 400 days a call.
 */
export const calendarRoutes = new Hono<AppEnv>()
  // Signed out: the feed's address is its own capability (feed-routes.ts).
  .route("/feed", feedFileRoutes)
  .use(requireUser)
  .get("/", userTimeZone, validate("query", CalendarQuery), async (c) => {
    const { from, to } = c.req.valid("query");
    return c.json(await calendarDays(c.var.db, c.var.user.id, from, to, c.var.timeZone), 200);
  })
  .route("/events", eventsRoutes)
  .route("/feed", feedRoutes);
