/**
 * A checklist's deadline (spec 2 §5, §9): picked as a date, sent as the end
 * of that day in the reader's time zone, shown back as that date, and counted
 * down to; past it, the checklist is overdue.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

/** A date input's "YYYY-MM-DD" → the ISO date-time of the last millisecond of that local day; "" → null. */
export function deadlineOfDate(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** A deadline → the local date a date input shows for it ("" for none). */
export function dateOfDeadline(deadline: string | null): string {
  if (!deadline) return "";
  const d = new Date(deadline);
  return `${String(d.getFullYear()).padStart(4, "0")}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
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
