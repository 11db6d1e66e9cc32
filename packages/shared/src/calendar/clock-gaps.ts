/**
 * Wall times a zone skips (DESIGN §5 "Events and the feed"): when the clocks spring forward, the times
 * between (02:00 to 03:00 in Berlin on the last Sunday of March) never happen. An iCalendar reader moves such
 * a time on by the jump (RFC 5545 §3.3.5: 02:30 is read as 03:30), while the calendar shows it as written,
 * so Nook and the feed would disagree: an event that starts or ends in a gap is refused instead.
 */
import { addDays, dayNumber } from "../common/calendar-date.ts";
import { type ApiMessage, message } from "../common/messages.ts";
import { dayNumberToDate, offsetSpan } from "../common/time-zone.ts";
import { type CalendarEvent, eventDays } from "./events.ts";

const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;
/**
 * How far a repeating event's days are looked through, around the later of its first day and today: 28 years,
 * the Gregorian calendar's cycle of weekdays within a century, so every weekday a rule's day can take is met
 * while the zone's rules hold.
 */
const REPEAT_YEARS = 28;

/** A time an event names that its zone skips on one of its days. */
export interface ClockGap {
  field: "start" | "end";
  /** "HH:MM" as the event has it. */
  time: string;
  /** "YYYY-MM-DD": the day the time falls on (an end at or before the start: the day after the event's). */
  date: string;
  /** "HH:MM": the clocks move from `from` straight to `to`. */
  from: string;
  to: string;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** "HH:MM" of a local wall time given as ms since 1970 read as UTC. */
const wallText = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/**
 * The first time of an event's days that its zone skips, or null: its start on a day it falls on, or its end
 * (on the next day when at or before the start). A single event's day is checked; a repeating one's days from
 * its first (or 28 years before `today`, when that is later) to 28 years after the later of its first day
 * and `today`.
 */
export function eventClockGap(
  event: Pick<CalendarEvent, "date" | "start" | "end" | "repeat">,
  timeZone: string,
  today: string,
): ClockGap | null {
  const { start, end } = event;
  if (start === null) return null;
  const first = dayNumber(event.date) * DAY_MS;
  const [from, to] =
    event.repeat === "none"
      ? [first - DAY_MS, first + 3 * DAY_MS]
      : [
          Math.max(first, dayNumber(today) * DAY_MS - REPEAT_YEARS * YEAR_MS) - DAY_MS,
          Math.max(first, dayNumber(today) * DAY_MS) + REPEAT_YEARS * YEAR_MS,
        ];
  const span = offsetSpan(timeZone, from, to);
  let before = span.first;
  for (const change of span.changes) {
    const [lo, hi] = [change.at + before, change.at + change.offset];
    before = change.offset;
    // Clocks set back (or no jump): every wall time happens.
    if (hi <= lo) continue;
    const inGap = (day: string, time: string) => {
      const wall = dayNumber(day) * DAY_MS + minutes(time) * 60_000;
      return wall >= lo && wall < hi;
    };
    const falls = (day: string) => eventDays(event, day, day).length > 0;
    for (let d = Math.floor(lo / DAY_MS); d <= Math.floor((hi - 1) / DAY_MS); d++) {
      const day = dayNumberToDate(d);
      const gap = { date: day, from: wallText(lo), to: wallText(hi) };
      if (inGap(day, start) && falls(day)) return { field: "start", time: start, ...gap };
      // The end is on the event's day, or the next one's when at or before the start.
      if (end !== null && inGap(day, end) && falls(end <= start ? addDays(day, -1) : day))
        return { field: "end", time: end, ...gap };
    }
  }
  return null;
}

/** The refusal of a skipped time, naming the gap: the events' route's 400 and the import's row alike. */
export function clockGapWords({ time, date, from, to }: ClockGap, zone: string): ApiMessage {
  return message("There is no {time} on {date} in {zone}: the clocks jump from {from} to {to}", {
    time,
    date,
    zone,
    from,
    to,
  });
}
