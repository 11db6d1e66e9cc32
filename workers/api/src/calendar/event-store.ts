import type { CalendarEvent } from "@nook/shared/calendar/events";
import { addDays } from "@nook/shared/common/calendar-date";
import { and, asc, eq, gte, lte, ne, or } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { events } from "./schema.ts";

/** An event's columns as every read of one selects them: the routes, the calendar's span, Today, the export. */
export const eventColumns = {
  id: events.id,
  title: events.title,
  note: events.note,
  date: events.date,
  start: events.start,
  end: events.end,
  repeat: events.repeat,
  createdAt: events.createdAt,
  modifiedAt: events.modifiedAt,
};

export type EventRow = Pick<typeof events.$inferSelect, keyof typeof eventColumns>;

/** An event as the API answers it, times as ISO date-times. */
export function eventOut(r: EventRow): CalendarEvent {
  return { ...r, createdAt: new Date(r.createdAt).toISOString(), modifiedAt: new Date(r.modifiedAt).toISOString() };
}

/**
 * The user's events that can fall within [from, to]: those of a day inside or of the day before (one that runs
 * over midnight into `from`), and the repeating ones begun by `to`.
 */
export function eventsWithin(db: Db, userId: number, from: string, to: string) {
  return db
    .select(eventColumns)
    .from(events)
    .where(
      and(
        eq(events.userId, userId),
        lte(events.date, to),
        or(gte(events.date, addDays(from, -1)), ne(events.repeat, "none")),
      ),
    )
    .orderBy(asc(events.date), asc(events.id));
}
