import { clockGapWords, eventClockGap } from "@nook/shared/calendar/clock-gaps";
import { EVENTS_MAX } from "@nook/shared/calendar/events";
import { EventBody, IdParam } from "@nook/shared/calendar/schemas";
import { todayIn } from "@nook/shared/common/calendar-date";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import { profileTimeZone } from "@nook/shared/common/time-zone";
import { and, asc, count, eq, max, type SQL, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type * as v from "valibot";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { idempotentInBatch, keyed, keyedBatch } from "../platform/idempotency.ts";
import { validate } from "../platform/validate.ts";
import {
  type Batch,
  conflict,
  IF_MATCH_INVALID,
  ifMatch,
  isVersionConflict,
  versionGate,
} from "../platform/version-gate.ts";
import { type EventRow, eventColumns, eventOut } from "./event-store.ts";
import { events } from "./schema.ts";

const EVENT_NOT_FOUND = message("Event not found");

/**
 * A body's start or end that the profile's zone skips on one of the event's days (calendar/clock-gaps.ts), as
 * the 400 that names the gap; else null. DESIGN §5: refused, so Nook and the feed never read it apart.
 */
async function skippedTime(c: Context<AppEnv>, body: v.InferOutput<typeof EventBody>) {
  if (body.start === null) return null;
  const zone = profileTimeZone((await c.var.session.read()).user.timeZone);
  const gap = eventClockGap(body, zone, todayIn(zone));
  return gap ? fail(c, 400, clockGapWords(gap, zone)) : null;
}

const mine = (userId: number, id: number): SQL | undefined => and(eq(events.id, id), eq(events.userId, userId));

/** The stored fields of a valid body. */
const fields = (body: v.InferOutput<typeof EventBody>) => ({
  title: body.title,
  note: body.note,
  date: body.date,
  start: body.start,
  end: body.end,
  repeat: body.repeat,
});

/**
 * A person's own events (DESIGN §5 "Today"), under the calendar's requireUser: listed, made (with an
 * Idempotency-Key), replaced whole against the version read (If-Match) and deleted.
 */
export const eventsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    // A batch of one, so the session's check rides on this trip (auth/session-gate.ts).
    const [rows] = await c.var.db.batch([
      c.var.db
        .select(eventColumns)
        .from(events)
        .where(eq(events.userId, c.var.user.id))
        .orderBy(asc(events.date), asc(events.start), asc(events.id)),
    ]);
    return c.json({ data: rows.map(eventOut) }, 200);
  })
  .post("/", validate("json", EventBody), idempotentInBatch, async (c) => {
    const skipped = await skippedTime(c, c.req.valid("json"));
    if (skipped) return skipped;
    const { db, user, keyClaim } = c.var;
    const one = (id: number) => db.select(eventColumns).from(events).where(mine(user.id, id)).get();
    // A retry of a keyed create: the event it made, as it is now.
    const again = async (id: number) => {
      const row = await one(id);
      return row ? c.json({ data: eventOut(row) }, 201) : fail(c, 404, EVENT_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      const [held] = await db.select({ n: count() }).from(events).where(eq(events.userId, user.id));
      if ((held?.n ?? 0) >= EVENTS_MAX)
        return fail(c, 409, message("An account keeps at most {max} events", { max: EVENTS_MAX }));
      const now = Date.now();
      const newest = db
        .select({ id: max(events.id) })
        .from(events)
        .where(eq(events.userId, user.id));
      const [[row]] = await db.batch([
        db
          .insert(events)
          .values({ userId: user.id, ...fields(c.req.valid("json")), createdAt: now, modifiedAt: now })
          .returning(eventColumns),
        // The Idempotency-Key, claimed with the event's id in the same batch (platform/idempotency.ts).
        ...keyedBatch(db, keyClaim, 201, sql`(${newest})`),
      ]);
      if (!row) throw new Error("the event's insert returned no row");
      return c.json({ data: eventOut(row) }, 201);
    });
  })
  .put("/:id", validate("param", IdParam), validate("json", EventBody), idempotentInBatch, async (c) => {
    const { id } = c.req.valid("param");
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const skipped = await skippedTime(c, c.req.valid("json"));
    if (skipped) return skipped;
    const { db, user, keyClaim } = c.var;
    const read = () => db.select(eventColumns).from(events).where(mine(user.id, id)).get();
    // Not there (or not theirs): a 404 before the key is claimed, so a refusal writes nothing.
    if (!(await read())) return fail(c, 404, EVENT_NOT_FOUND);
    const again = async () => {
      const row = await read();
      return row ? c.json({ data: eventOut(row) }, 200) : fail(c, 404, EVENT_NOT_FOUND);
    };
    return keyed(c, again, async () => {
      const update = db
        .update(events)
        .set({ ...fields(c.req.valid("json")), modifiedAt: Date.now() })
        .where(mine(user.id, id))
        .returning(eventColumns);
      // The key first, then the version it was read at (platform/version-gate.ts): a stale write changes nothing,
      // and a retry of a written edit is answered by its key, not refused by the version it moved on.
      const key = keyedBatch(db, keyClaim, 200, sql`${id}`);
      const gate = versionGate(db, "event", user.id, id, version);
      let row: EventRow | undefined;
      try {
        const results = await db.batch([...key, ...gate, update] as unknown as Batch);
        row = (results[key.length + gate.length] as EventRow[])[0];
      } catch (err) {
        if (!isVersionConflict(err)) throw err;
        const now = await read();
        return conflict(c, now ? eventOut(now) : null);
      }
      if (!row) return fail(c, 404, EVENT_NOT_FOUND);
      return c.json({ data: eventOut(row) }, 200);
    });
  })
  .delete("/:id", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db.delete(events).where(mine(c.var.user.id, id)).returning({ id: events.id });
    if (!gone.length) return fail(c, 404, EVENT_NOT_FOUND);
    return c.json({ data: { id, message: "Event deleted" satisfies ServerMessage } }, 200);
  });
