import { zonedParts } from "./time-zone.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTime =
  | { kind: "just-recently" }
  | { kind: "minutes"; n: number }
  | { kind: "hours"; n: number }
  | { kind: "at"; time: string }
  | { kind: "yesterday" }
  | { kind: "days"; n: number }
  | { kind: "date"; date: string };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Spec §9: under 1 min 'just recently'; under 60 min minutes ago; under 12 h
 * hours ago; under 24 h 'at HH:MM' when it is the same local day, else
 * 'yesterday'; under 10 days 'N days ago' (whole 24-hour days); otherwise
 * dd/mm/yyyy. Local means the user's time zone. A time ahead of now by
 * under a minute (clock skew) reads 'just recently'; one further ahead (an
 * entry dated in the future) is no "ago": it reads as its date.
 */
export function relativeTime(date: Date, now: Date, timeZone: string): RelativeTime {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed <= -MINUTE) return dateOf(date, timeZone);
  if (elapsed < MINUTE) return { kind: "just-recently" };
  if (elapsed < HOUR) return { kind: "minutes", n: Math.floor(elapsed / MINUTE) };
  if (elapsed < 12 * HOUR) return { kind: "hours", n: Math.floor(elapsed / HOUR) };
  const then = zonedParts(date.getTime(), timeZone);
  if (elapsed < DAY) {
    const today = zonedParts(now.getTime(), timeZone);
    const sameDay = then.year === today.year && then.month === today.month && then.day === today.day;
    return sameDay ? { kind: "at", time: `${pad(then.hour)}:${pad(then.minute)}` } : { kind: "yesterday" };
  }
  if (elapsed < 10 * DAY) return { kind: "days", n: Math.floor(elapsed / DAY) };
  return dateOf(date, timeZone);
}

function dateOf(date: Date, timeZone: string): RelativeTime {
  const then = zonedParts(date.getTime(), timeZone);
  return { kind: "date", date: `${pad(then.day)}/${pad(then.month)}/${then.year}` };
}
