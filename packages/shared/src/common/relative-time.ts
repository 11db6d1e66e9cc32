import { localDayNumber, zonedParts } from "./time-zone.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RelativeTime =
  | { kind: "just-recently" }
  | { kind: "minutes"; n: number }
  | { kind: "hours"; n: number }
  | { kind: "at"; time: string }
  | { kind: "yesterday" }
  | { kind: "days"; n: number }
  /** Ten local days back or more, or ahead: the page writes the day itself (packages/ui dates.ts). */
  | { kind: "date"; at: number };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Spec §9: under 1 min 'just recently'; under 60 min minutes ago; under 12 h
 * hours ago; then by local calendar days (the user's time zone): 'at HH:MM'
 * the same day, 'yesterday' the day before, 'N days ago' under 10 days back,
 * otherwise the date. Days are the calendar's, not 24-hour blocks: at 11:45 an
 * entry of two evenings ago reads "2 days ago", one of yesterday morning
 * "yesterday". A time ahead of now by under a minute (clock skew)
 * reads 'just recently'; one further ahead (an entry dated in the future) is no
 * "ago": it reads as its date.
 */
export function relativeTime(date: Date, now: Date, timeZone: string): RelativeTime {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed <= -MINUTE) return { kind: "date", at: date.getTime() };
  if (elapsed < MINUTE) return { kind: "just-recently" };
  if (elapsed < HOUR) return { kind: "minutes", n: Math.floor(elapsed / MINUTE) };
  if (elapsed < 12 * HOUR) return { kind: "hours", n: Math.floor(elapsed / HOUR) };
  const days = localDayNumber(now.getTime(), timeZone) - localDayNumber(date.getTime(), timeZone);
  if (days === 0) {
    const then = zonedParts(date.getTime(), timeZone);
    return { kind: "at", time: `${pad(then.hour)}:${pad(then.minute)}` };
  }
  if (days === 1) return { kind: "yesterday" };
  if (days < 10) return { kind: "days", n: days };
  return { kind: "date", at: date.getTime() };
}
