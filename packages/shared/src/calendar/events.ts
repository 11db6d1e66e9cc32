/**
 * A person's own events on the calendar (DESIGN §5 "Today"), without valibot: the shape, the limits and
 * when an event falls. An event is a day, or a time span on it, in the profile's zone: its wall times
 * stay as written when the clocks change (09:00 stays 09:00 after the spring change), as a calendar app
 * keeps them. The feed (ics.ts) writes the same rules as RRULEs, so the page and the phone agree.
 */
import { addDays, daysBetween, daysInMonth, parseDate } from "../common/calendar-date.ts";

export const EVENT_REPEATS = ["none", "weekly", "monthly", "yearly"] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];

export const EVENT_TITLE_MAX = 200;
export const EVENT_NOTE_MAX = 2000;
/** How many events an account keeps: far past a life's calendar, and what a feed answers at once. */
export const EVENTS_MAX = 5000;

/** An event as the API answers it. */
export interface CalendarEvent {
  id: number;
  title: string;
  note: string;
  /** "YYYY-MM-DD": the day, or the first one of a repeating event. */
  date: string;
  /** "HH:MM" in the profile's zone, or null for an all-day event. */
  start: string | null;
  /** "HH:MM"; at or before `start` it is the next day's. Null exactly when `start` is. */
  end: string | null;
  repeat: EventRepeat;
  createdAt: string;
  /** The version an edit is made against (If-Match). */
  modifiedAt: string;
}

/** One day an event falls on, as the calendar and Today show it. */
export interface EventOccurrence {
  date: string;
  eventId: number;
  title: string;
  start: string | null;
  end: string | null;
  repeat: EventRepeat;
  /** The day after the one it starts on: it runs over midnight into this day until `end` (crossesMidnight). */
  continued: boolean;
}

/** "HH:MM", 00:00 to 23:59. */
export function isWallTime(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
}

/**
 * Whether an event runs on into the next day: a timed one whose end is at or before its start, and not at
 * 00:00 — an end is not part of the event, so 22:00–00:00 keeps to its day, as a calendar app shows it.
 */
export function crossesMidnight(event: Pick<CalendarEvent, "start" | "end">): boolean {
  return event.start !== null && event.end !== null && event.end <= event.start && event.end !== "00:00";
}

/**
 * The days within [from, to] (both included) an event starts on, in order. Weekly: every seventh day.
 * Monthly: the same day of the month, and a month without it is skipped (the 31st falls seven times a
 * year), as RFC 5545 and the calendar apps do. Yearly: the same day each year, 29 February on the 28th in
 * common years, as a birthday is (people/birthdays.ts).
 */
export function eventDays(event: Pick<CalendarEvent, "date" | "repeat">, from: string, to: string): string[] {
  const first = event.date;
  if (to < first || to < from) return [];
  const start = first > from ? first : from;
  const out: string[] = [];
  switch (event.repeat) {
    case "none":
      return first >= from ? [first] : [];
    case "weekly": {
      const skip = Math.ceil(daysBetween(first, start) / 7) * 7;
      for (let d = addDays(first, skip); d <= to; d = addDays(d, 7)) out.push(d);
      return out;
    }
    case "monthly": {
      const { day } = parseDate(first);
      const s = parseDate(start);
      // Months counted from year 0: one number to step, whatever the year.
      for (let n = s.year * 12 + s.month - 1; ; n++) {
        const [y, m] = [Math.floor(n / 12), (n % 12) + 1];
        const month = `${y}-${String(m).padStart(2, "0")}`;
        if (`${month}-01` > to) return out;
        if (day > daysInMonth(y, m)) continue;
        const d = `${month}-${String(day).padStart(2, "0")}`;
        if (d >= start && d <= to) out.push(d);
      }
    }
    case "yearly": {
      const { month, day } = parseDate(first);
      for (let y = parseDate(start).year; y <= parseDate(to).year; y++) {
        const inYear = Math.min(day, daysInMonth(y, month));
        const d = `${y}-${String(month).padStart(2, "0")}-${String(inYear).padStart(2, "0")}`;
        if (d >= start && d <= to) out.push(d);
      }
      return out;
    }
  }
}

/**
 * Every occurrence of the events within [from, to]: each day one starts on, and the next day of one that runs
 * over midnight (`continued`; so the events of `from` include one begun the day before). By day, then all-day
 * ones, then those continued from the day before, then by start time; then by title.
 */
export function eventOccurrences(events: readonly CalendarEvent[], from: string, to: string): EventOccurrence[] {
  const out: EventOccurrence[] = [];
  const occurrence = (e: CalendarEvent, date: string, continued: boolean) =>
    out.push({ date, eventId: e.id, title: e.title, start: e.start, end: e.end, repeat: e.repeat, continued });
  for (const e of events) {
    for (const date of eventDays(e, from, to)) occurrence(e, date, false);
    if (crossesMidnight(e))
      for (const date of eventDays(e, addDays(from, -1), addDays(to, -1))) occurrence(e, addDays(date, 1), true);
  }
  // "" (all day) sorts before "0" (continued), which sorts before every "HH:MM".
  const key = (o: EventOccurrence) => `${o.date} ${o.continued ? "0" : (o.start ?? "")}`;
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return out.sort((a, b) => order(key(a), key(b)) || order(a.title, b.title) || a.eventId - b.eventId);
}

/**
 * The feed's reminder choices, in minutes before an item's start (DESIGN §5 "Today"). A birthday or a
 * deadline lasts the day, so its reminder is at 09:00 (minutes before 00:00; negative is after it): on
 * the day, a day before, a week before. A timed event's is before its start.
 */
export const ALL_DAY_REMINDERS = [-540, 900, 9540] as const;
export const EVENT_REMINDERS = [0, 15, 60, 1440] as const;

/** An all-day event takes the timed events' choice as the day's 09:00: a day before for a day, else on the day. */
export function allDayReminder(eventReminder: number): number {
  return eventReminder >= 1440 ? 900 : -540;
}
