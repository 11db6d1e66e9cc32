import { isCalendarDate } from "./calendar-date.ts";

/**
 * ISO 8601 date-times as the API takes them (RFC 3339: a date, a time and a
 * zone, "2026-03-05T12:00:00.000Z" as `toISOString` writes it, or with an
 * offset), read strictly: `Date.parse` turns 30 February into 1 March, 24:00
 * into the next day and "March 7" into a date; this refuses them.
 */

/** The longest date-time read: "YYYY-MM-DDTHH:MM:SS.fffffffff+HH:MM". */
export const DATE_TIME_TEXT_MAX = 35;

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Epoch milliseconds of a date-time naming a real moment (a real day, 00:00–23:59:59, an offset under 24 h), else null. */
export function parseDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, date = "", hour, minute, second = "00", offsetHours = "00", offsetMinutes = "00"] = m;
  const within = (part: string | undefined, max: number) => Number(part) <= max;
  if (!isCalendarDate(date) || !within(hour, 23) || !within(minute, 59) || !within(second, 59)) return null;
  if (!within(offsetHours, 23) || !within(offsetMinutes, 59)) return null;
  // The text is now a form Date.parse reads exactly as written (four-digit years included).
  return Date.parse(text);
}
