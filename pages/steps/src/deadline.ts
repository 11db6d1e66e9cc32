import { startOfLocalDay, zonedParts } from "@nook/shared/common/time-zone";

/**
 * A checklist's deadline (spec 2 §5, §9): picked as a date, sent as the end
 * of that day in the reader's time zone (the profile's, not the browser's),
 * shown back as that date, and counted down to; past it, the checklist is
 * overdue.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

/** A date input's "YYYY-MM-DD" → the ISO date-time of the last millisecond of that day in `timeZone`; "" → null. */
export function deadlineOfDate(date: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  // The next day's first instant in the zone, less a millisecond (Date.UTC rolls the 32nd into the next month).
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  if (Number.isNaN(next.getTime())) return null;
  const end = startOfLocalDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone) - 1;
  return Number.isNaN(end) ? null : new Date(end).toISOString();
}

/** A deadline → the date in `timeZone` a date input shows for it ("" for none). */
export function dateOfDeadline(deadline: string | null, timeZone: string): string {
  if (!deadline) return "";
  const d = zonedParts(Date.parse(deadline), timeZone);
  return `${String(d.year).padStart(4, "0")}-${pad(d.month)}-${pad(d.day)}`;
}

export type TimeLeft =
  | { kind: "overdue" }
  | { kind: "days"; n: number }
  | { kind: "hours"; n: number }
  | { kind: "minutes"; n: number };

/** How long until a deadline: whole days, else whole hours, else minutes (at least 1); past it, overdue. */
export function timeLeft(deadline: string, now: number): TimeLeft {
  const left = Date.parse(deadline) - now;
  if (!(left > 0)) return { kind: "overdue" };
  if (left >= DAY) return { kind: "days", n: Math.floor(left / DAY) };
  if (left >= HOUR) return { kind: "hours", n: Math.floor(left / HOUR) };
  return { kind: "minutes", n: Math.max(1, Math.floor(left / MINUTE)) };
}

/** Milliseconds until timeLeft reads differently (it drops below its next whole unit); null once overdue. */
export function untilChange(deadline: string, now: number): number | null {
  const left = Date.parse(deadline) - now;
  if (!(left > 0)) return null;
  const unit = left >= DAY ? DAY : left >= HOUR ? HOUR : MINUTE;
  return (left % unit) + 1;
}
