import { timingSafeEqual } from "node:crypto";
import { allDayReminder } from "@nook/shared/calendar/events";
import { type IcsAlarm, type IcsItem, icsCalendar } from "@nook/shared/calendar/ics";
import { FEED_FILE, FEED_LOOKUP_LENGTH, FeedBody } from "@nook/shared/calendar/schemas";
import { message } from "@nook/shared/common/messages";
import { dayNumberToDate, localDayNumber, profileTimeZone } from "@nook/shared/common/time-zone";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type * as v from "valibot";
import { users } from "../auth/schema.ts";
import { people } from "../people/schema.ts";
import { randomBase64url } from "../platform/base64url.ts";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { validate } from "../platform/validate.ts";
import { steps } from "../steps/schema.ts";
import { eventColumns } from "./event-store.ts";
import { FEED_WORDS } from "./feed-words.ts";
import { calendarFeeds, events } from "./schema.ts";

const NO_FEED = message("There is no calendar feed: create one first");

/** The feed's address on the host the page was opened on: every host serves /api/*. */
function feedAddress(c: Context<AppEnv>, row: { lookup: string; secret: string }) {
  const url = `${new URL(c.req.url).origin}/api/calendar/feed/${row.lookup}${row.secret}.ics`;
  return { url, webcal: url.replace(/^https?:/, "webcal:") };
}

type FeedRow = typeof calendarFeeds.$inferSelect;

/** The feed's settings as the page reads them: the address and the reminders chosen. */
function feedOut(c: Context<AppEnv>, row: FeedRow) {
  return {
    ...feedAddress(c, row),
    birthdays: row.birthdayReminder,
    deadlines: row.deadlineReminder,
    events: row.eventReminder,
    locale: row.locale,
  };
}

const settings = (body: v.InferOutput<typeof FeedBody>) => ({
  birthdayReminder: body.birthdays,
  deadlineReminder: body.deadlines,
  eventReminder: body.events,
  locale: body.locale,
});

/**
 * The signed-in side of the feed (DESIGN §5 "Today"), under the calendar's requireUser: its address
 * (404 when there is none), a new one (the old one ends at once: one row a user, replaced), its
 * reminders changed on the same address, and switched off.
 */
export const feedRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const [[row]] = await c.var.db.batch([
      c.var.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, c.var.user.id)),
    ]);
    if (!row) return fail(c, 404, NO_FEED);
    return c.json(feedOut(c, row), 200);
  })
  .post("/", validate("json", FeedBody), async (c) => {
    const values = {
      userId: c.var.user.id,
      // 12 random bytes make the lookup's 16 characters, 32 the secret's 43.
      lookup: randomBase64url(12),
      secret: randomBase64url(32),
      ...settings(c.req.valid("json")),
      createdAt: Date.now(),
    };
    const { userId: _, ...fresh } = values;
    const [row] = await c.var.db
      .insert(calendarFeeds)
      .values(values)
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: fresh })
      .returning();
    if (!row) throw new Error("the feed's upsert returned no row");
    return c.json(feedOut(c, row), 201);
  })
  .put("/", validate("json", FeedBody), async (c) => {
    const [row] = await c.var.db
      .update(calendarFeeds)
      .set(settings(c.req.valid("json")))
      .where(eq(calendarFeeds.userId, c.var.user.id))
      .returning();
    if (!row) return fail(c, 404, NO_FEED);
    return c.json(feedOut(c, row), 200);
  })
  .delete("/", async (c) => {
    const gone = await c.var.db
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.userId, c.var.user.id))
      .returning({ userId: calendarFeeds.userId });
    if (!gone.length) return fail(c, 404, NO_FEED);
    return c.json({ message: "The calendar feed is switched off" }, 200);
  });

/** Two texts equal, in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  const [x, y] = [new TextEncoder().encode(a), new TextEncoder().encode(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The feed's owner and settings by its token, or null: found by the lookup, the secret compared in constant time. */
async function feedOf(db: Db, token: string) {
  const lookup = token.slice(0, FEED_LOOKUP_LENGTH);
  const row = await db
    .select({ feed: calendarFeeds, timeZone: users.timeZone })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.lookup, lookup))
    .get();
  if (!row || !sameText(row.feed.secret, token.slice(FEED_LOOKUP_LENGTH))) return null;
  return row;
}

const alarm = (minutesBefore: number | null, description: string): IcsAlarm[] =>
  minutesBefore === null ? [] : [{ minutesBefore, description }];

/** Everything the feed carries for one user: birthdays, deadlines not done, and their events, in one trip. */
async function feedItems(db: Db, feed: FeedRow, timeZone: string): Promise<IcsItem[]> {
  const words = FEED_WORDS[feed.locale];
  const userId = feed.userId;
  const [born, due, own] = await db.batch([
    db
      .select({ id: people.id, name: people.name, birthDate: people.birthDate, modifiedAt: people.modifiedAt })
      .from(people)
      .where(eq(people.userId, userId))
      .orderBy(asc(people.id)),
    db
      .select({
        id: steps.id,
        name: steps.name,
        deadline: steps.deadline,
        totalItems: steps.totalItems,
        completedItems: steps.completedItems,
        modifiedAt: steps.modifiedAt,
      })
      .from(steps)
      .where(and(eq(steps.userId, userId), isNotNull(steps.deadline)))
      .orderBy(asc(steps.id)),
    db.select(eventColumns).from(events).where(eq(events.userId, userId)).orderBy(asc(events.id)),
  ]);
  return [
    ...born.map((p) => ({
      uid: `birthday-${p.id}@nook`,
      summary: words.birthday(p.name),
      date: p.birthDate,
      repeat: "yearly" as const,
      // As the calendar site shows it (people/birthdays.ts): 29 February on the 28th in common years.
      leapDayOnFeb28: true,
      modifiedAt: p.modifiedAt,
      alarms: alarm(feed.birthdayReminder, words.birthday(p.name)),
    })),
    ...due
      .filter((s) => s.totalItems === 0 || s.completedItems < s.totalItems)
      .map((s) => ({
        uid: `steps-${s.id}@nook`,
        summary: words.due(s.name),
        description: words.progress(s.completedItems, s.totalItems),
        date: dayNumberToDate(localDayNumber(s.deadline ?? 0, timeZone)),
        repeat: "none" as const,
        modifiedAt: s.modifiedAt,
        alarms: alarm(feed.deadlineReminder, words.due(s.name)),
      })),
    ...own.map((e) => ({
      uid: `event-${e.id}@nook`,
      summary: e.title,
      description: e.note,
      date: e.date,
      start: e.start,
      end: e.end,
      repeat: e.repeat,
      // As the calendar's views show it (calendar/events.ts eventDays).
      leapDayOnFeb28: true,
      modifiedAt: e.modifiedAt,
      alarms: alarm(
        feed.eventReminder === null ? null : e.start === null ? allDayReminder(feed.eventReminder) : feed.eventReminder,
        e.title,
      ),
    })),
  ];
}

/**
 * GET /api/calendar/feed/{token}.ics, signed out: a calendar app polls it. The token is the only key, so a
 * wrong one, a switched-off feed and a regenerated one's old address are the same plain 404, and nothing
 * here writes the address anywhere.
 */
export const feedFileRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const file = c.req.param("file");
  // Not the shape of an address: no trip to D1, and the same 404 as a wrong one.
  const found = FEED_FILE.test(file) ? await feedOf(c.var.db, file.slice(0, -".ics".length)) : null;
  if (!found) return fail(c, 404, NOT_FOUND);
  const timeZone = profileTimeZone(found.timeZone);
  const text = icsCalendar({
    name: FEED_WORDS[found.feed.locale].calendar(c.var.config.productName),
    timeZone,
    now: Date.now(),
    items: await feedItems(c.var.db, found.feed, timeZone),
  });
  return c.body(text, 200, { "Content-Type": "text/calendar; charset=utf-8" });
});
