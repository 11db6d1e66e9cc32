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
import { base64url, randomBase64url } from "../platform/base64url.ts";
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
 * (null when there is none), a new one (the old one ends at once: one row a user, replaced), its
 * reminders changed on the same address, and switched off.
 */
export const feedRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const [[row]] = await c.var.db.batch([
      c.var.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, c.var.user.id)),
    ]);
    // None yet is a normal state, not an error: 200 with null (no 404 in the page's console), as donate's info.
    return c.json(row ? feedOut(c, row) : null, 200);
  })
  .post("/", validate("json", FeedBody), async (c) => {
    const values = {
      userId: c.var.user.id,
      // 12 random bytes make the lookup's 16 characters, 32 the secret's 43.
      lookup: randomBase64url(12),
      secret: randomBase64url(32),
      ...settings(c.req.valid("json")),
      createdAt: Date.now(),
      // Not read yet: the first read hashes it.
      etag: null,
      changedAt: null,
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
      // As the calendar site shows it (people/birthdays.ts): 29 February on the 28th in common years, and
      // none on the day of birth (the series starts a year after it).
      leapDayOnFeb28: true,
      notOnFirst: true,
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

/** How often a calendar app is asked to read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_HOURS = 6;

/** The text's hash, 128 bits of SHA-256 in base64url: its ETag, weak as it names the text in any encoding. */
async function textHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest).slice(0, 16));
}

/** Whether an If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2: W/ and all, or "*"). */
function noneMatch(header: string, etag: string): boolean {
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag.replace(/^W\//, "");
  });
}

/**
 * What the app itself accepts: Cloudflare's edge (and wrangler's local one) sends every Worker
 * `Accept-Encoding: br, gzip` and keeps the client's own header in `cf.clientAcceptEncoding` ("" for none); a
 * request that did not pass an edge (a test's) has only the header.
 */
function clientAcceptEncoding(c: Context<AppEnv>): string | undefined {
  const cf = c.req.raw.cf as { clientAcceptEncoding?: unknown } | undefined;
  return typeof cf?.clientAcceptEncoding === "string" ? cf.clientAcceptEncoding : c.req.header("Accept-Encoding");
}

/** Whether Accept-Encoding takes gzip: named (or `*`) with a q above 0. */
function takesGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    return (name === "gzip" || name === "x-gzip" || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * GET /api/calendar/feed/{token}.ics, signed out: a calendar app polls it. The token is the only key, so a
 * wrong one, a switched-off feed and a regenerated one's old address are the same plain 404, and nothing
 * here writes the address anywhere.
 *
 * Polling: the text asks for a read every 6 hours; its ETag is a hash of the text and its Last-Modified the
 * time a read first found that text (stored on the feed's row, written only when the hash moves, so an
 * event deleted moves it too). A conditional GET that still holds (If-None-Match, or without one
 * If-Modified-Since) is a 304 without a body. Asked for gzip by the app, the text goes gzipped
 * (CompressionStream, the runtime told not to encode it again). No cookie: apps keep none, so the answer is
 * marked `noBookmark` and the D1 bookmark's cookie is left off (platform/d1-session.ts).
 */
export const feedFileRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  c.set("noBookmark", true);
  const file = c.req.param("file");
  // Not the shape of an address: no trip to D1, and the same 404 as a wrong one.
  const found = FEED_FILE.test(file) ? await feedOf(c.var.db, file.slice(0, -".ics".length)) : null;
  if (!found) return fail(c, 404, NOT_FOUND);
  const { feed } = found;
  const timeZone = profileTimeZone(found.timeZone);
  const now = Date.now();
  const text = icsCalendar({
    name: FEED_WORDS[feed.locale].calendar(c.var.config.productName),
    timeZone,
    // The DTSTAMP of no item (each has its own time) and the VTIMEZONE's year: the text moves with the data.
    now,
    refreshHours: REFRESH_HOURS,
    items: await feedItems(c.var.db, feed, timeZone),
  });
  const hash = await textHash(text);
  let changedAt = feed.changedAt ?? now;
  if (hash !== feed.etag || feed.changedAt === null) {
    // An HTTP date is whole seconds: a text that moves within the second of the last one's is dated the
    // next second, so an If-Modified-Since of the last one never hides it.
    changedAt = feed.changedAt === null ? now : Math.max(now, Math.floor(feed.changedAt / 1000) * 1000 + 1000);
    // Keyed by the lookup too: a feed made anew meanwhile keeps its own.
    await c.var.db
      .update(calendarFeeds)
      .set({ etag: hash, changedAt })
      .where(and(eq(calendarFeeds.userId, feed.userId), eq(calendarFeeds.lookup, feed.lookup)));
  }
  const etag = `W/"${hash}"`;
  const headers = {
    ETag: etag,
    "Last-Modified": new Date(changedAt).toUTCString(),
    Vary: "Accept-Encoding",
  };
  const ifNoneMatch = c.req.header("If-None-Match");
  const ifModifiedSince = Date.parse(c.req.header("If-Modified-Since") ?? "");
  const fresh =
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, etag)
      : // HTTP dates are whole seconds.
        !Number.isNaN(ifModifiedSince) && Math.floor(changedAt / 1000) * 1000 <= ifModifiedSince;
  if (fresh) return c.body(null, 304, headers);
  const calendarHeaders = { ...headers, "Content-Type": "text/calendar; charset=utf-8" };
  // The edge compresses no text/calendar by itself (not on its list), and passes this answer on as it is.
  if (!takesGzip(clientAcceptEncoding(c))) return c.body(text, 200, calendarHeaders);
  const gzipped = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(gzipped, {
    status: 200,
    headers: { ...calendarHeaders, "Content-Encoding": "gzip" },
    encodeBody: "manual",
  });
});
