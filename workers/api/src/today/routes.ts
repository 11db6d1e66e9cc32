import { eventOccurrences } from "@nook/shared/calendar/events";
import { addDays, daysBetween, todayIn } from "@nook/shared/common/calendar-date";
import { dayNumberToDate, localDayNumber, profileTimeZone } from "@nook/shared/common/time-zone";
import { birthdaysBetween } from "@nook/shared/people/birthdays";
import { normalizePersonTag, PERSON_TAG_PREFIX } from "@nook/shared/people/person-tags";
import {
  BIRTHDAY_DAYS_AHEAD,
  DEADLINE_DAYS_AHEAD,
  DEADLINES_MAX,
  STREAK_ITEMS_MAX,
  type TodayBirthday,
  type TodayDeadline,
  type TodayJournal,
} from "@nook/shared/today/today";
import { and, asc, desc, eq, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { eventOut, eventsWithin } from "../calendar/event-store.ts";
import { birthdayCondition } from "../calendar/routes.ts";
import { entries, entryMetrics, metrics, tags } from "../journal/schema.ts";
import { moonDayPhase } from "../lupileon/astro.ts";
import { people, personTags } from "../people/schema.ts";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { requireUser } from "../platform/require-user.ts";
import { lateTimeZone } from "../platform/time-zone.ts";
import { steps } from "../steps/schema.ts";
import { timerOf, unfinishedTimerRead } from "../timer/timer-store.ts";
import { streakItemsRead, streaksAtRisk, streakTagsRead } from "./streak-risk.ts";

const HOUR = 3_600_000;
/**
 * Before the zone is known (it comes with the session's row, on the same trip), each read takes the UTC
 * days around now wide enough for any zone's today (UTC−12 to UTC+14, and a 25-hour day), and the
 * answer keeps what falls in the profile's own today.
 */
const WIDE = 40 * HOUR;

/**
 * Every read of Today in one batch: one trip, the session's check riding on it (auth/session-gate.ts). The
 * reminders' cron (push/cron.ts) reads an account's today with it too.
 */
export function todayReads(db: Db, userId: number, now: number) {
  const utcDay = new Date(now).toISOString().slice(0, 10);
  const dayAhead = (days: number) => addDays(utcDay, days);
  // The outer rows' ids written qualified: a select from one table writes its own columns bare, and a bare
  // "id" in the subquery would be the subquery's own table's.
  const personTag = sql<string | null>`(SELECT ${tags.name} FROM ${personTags}
    JOIN ${tags} ON ${tags.id} = ${personTags.tagId}
    WHERE ${personTags.personId} = "people"."id" AND ${tags.name} LIKE ${`${PERSON_TAG_PREFIX}%`}
    ORDER BY ${tags.name} LIMIT 1)`;
  const mood = sql<number | null>`(SELECT ${entryMetrics.value} FROM ${entryMetrics}
    JOIN ${metrics} ON ${metrics.id} = ${entryMetrics.metricId}
    WHERE ${entryMetrics.entryId} = "entries"."id" AND ${metrics.name} = 'mood')`;
  return [
    db
      .select({ personId: people.id, name: people.name, birthDate: people.birthDate, tag: personTag })
      .from(people)
      .where(and(eq(people.userId, userId), birthdayCondition(dayAhead(-1), dayAhead(BIRTHDAY_DAYS_AHEAD + 1))))
      .orderBy(asc(people.name), asc(people.id)),
    // Overdue ones as well: the latest first, so a long-forgotten list does not crowd out this week's.
    db
      .select({
        stepsId: steps.id,
        name: steps.name,
        deadline: steps.deadline,
        totalItems: steps.totalItems,
        completedItems: steps.completedItems,
      })
      .from(steps)
      .where(
        and(
          eq(steps.userId, userId),
          isNotNull(steps.deadline),
          lt(steps.deadline, now + DEADLINE_DAYS_AHEAD * 24 * HOUR + WIDE),
          or(eq(steps.totalItems, 0), lt(steps.completedItems, steps.totalItems)),
        ),
      )
      .orderBy(desc(steps.deadline), desc(steps.id))
      .limit(DEADLINES_MAX * 3),
    unfinishedTimerRead(db, userId),
    streakItemsRead(db, userId, STREAK_ITEMS_MAX),
    db
      .select({ date: entries.date, mood })
      .from(entries)
      .where(and(eq(entries.userId, userId), gte(entries.date, now - WIDE), lt(entries.date, now + WIDE)))
      .orderBy(asc(entries.date), asc(entries.id)),
    eventsWithin(db, userId, dayAhead(-1), dayAhead(1)),
    streakTagsRead(db, userId),
  ] as const;
}

/** A person's tag for "Write about": their first '@' tag, or the one their name makes. */
const tagOf = (p: { name: string; tag: string | null }) => p.tag ?? normalizePersonTag(p.name) ?? PERSON_TAG_PREFIX;

/**
 * GET /api/today (DESIGN §5 "Today"): one picture of the profile's today (`?tz=` for scripts) — birthdays
 * of this week, deadlines due, overdue or near, the unfinished timer, streaks that end tonight without an
 * entry, today's entries and mood, today's own events and the Moon. One trip to D1 reads all of it; the
 * streak items, when there are any, are one more (streak-risk.ts), their queries all at once.
 */
export const todayRoutes = new Hono<AppEnv>().use(requireUser).get("/", lateTimeZone, async (c) => {
  const { db, user } = c.var;
  const now = Date.now();
  const [born, due, timer, streakItems, todays, own, streakTags] = await db.batch(todayReads(db, user.id, now));
  const timeZone = c.var.givenTimeZone ?? profileTimeZone((await c.var.session.read()).user.timeZone);
  const today = todayIn(timeZone, now);
  const localDay = (ms: number) => dayNumberToDate(localDayNumber(ms, timeZone));

  const birthdays: TodayBirthday[] = born
    .flatMap((p) =>
      birthdaysBetween(p.birthDate, today, addDays(today, BIRTHDAY_DAYS_AHEAD)).map((b) => ({
        date: b.date,
        inDays: daysBetween(today, b.date),
        personId: p.personId,
        name: p.name,
        age: b.age,
        tag: tagOf(p),
      })),
    )
    .sort((a, b) => a.inDays - b.inDays);

  const deadlines: TodayDeadline[] = due
    .map((s) => {
      const date = localDay(s.deadline ?? 0);
      return { ...s, deadline: new Date(s.deadline ?? 0).toISOString(), date, inDays: daysBetween(today, date) };
    })
    .filter((s) => s.inDays <= DEADLINE_DAYS_AHEAD)
    .slice(0, DEADLINES_MAX)
    .reverse();

  const mine = todays.filter((e) => localDay(e.date) === today);
  const journal: TodayJournal = {
    entries: mine.length,
    mood: mine.findLast((e) => e.mood !== null)?.mood ?? null,
  };

  const streaks = await streaksAtRisk(db, user.id, streakItems, streakTags, now, timeZone);

  return c.json(
    {
      date: today,
      timeZone,
      birthdays,
      deadlines,
      timer: timerOf(timer),
      streaksAtRisk: streaks,
      journal,
      events: eventOccurrences(own.map(eventOut), today, today),
      moon: { phase: moonDayPhase(today, timeZone) },
    },
    200,
  );
});
