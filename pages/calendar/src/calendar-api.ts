import { api, ok, readerTimeZone } from "@nook/ui/api";
import type { InferResponseType } from "hono/client";

/** GET /api/calendar's answer: birthdays, deadlines, the reader's events and journal activity of a span of days. */
export type CalendarDays = InferResponseType<typeof api.calendar.$get, 200>;
export type Birthday = CalendarDays["birthdays"][number];
export type Deadline = CalendarDays["deadlines"][number];
export type EventOccurrence = CalendarDays["events"][number];

/** What one day holds. */
export interface DayData {
  birthdays: Birthday[];
  deadlines: Deadline[];
  /** The reader's own events that fall on the day, all-day ones first, then by time. */
  events: EventOccurrence[];
  /** Journal entries written that day. */
  entries: number;
}

export const EMPTY_DAY: DayData = { birthdays: [], deadlines: [], events: [], entries: 0 };

/** The span's days (both included), local to the reader's time zone; or an ApiError. */
export function fetchCalendarDays(from: string, to: string): Promise<CalendarDays> {
  return ok(api.calendar.$get({ query: { from, to, tz: readerTimeZone() } }));
}

/** The answer by day, "YYYY-MM-DD" → what that day holds; days with nothing are absent. */
export function byDay(days: CalendarDays): Map<string, DayData> {
  const map = new Map<string, DayData>();
  const at = (date: string) => {
    let day = map.get(date);
    if (!day) {
      day = { birthdays: [], deadlines: [], events: [], entries: 0 };
      map.set(date, day);
    }
    return day;
  };
  for (const b of days.birthdays) at(b.date).birthdays.push(b);
  for (const d of days.deadlines) at(d.date).deadlines.push(d);
  for (const e of days.events) at(e.date).events.push(e);
  for (const [date, n] of Object.entries(days.activity)) if (n > 0) at(date).entries = n;
  return map;
}
