/**
 * Calendar dates, "YYYY-MM-DD": days, not instants. The arithmetic is done
 * on UTC day numbers, so no time zone or DST can shift a day.
 */

export interface CalendarDate {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function parseDate(iso: string): CalendarDate {
  const [year = 0, month = 0, day = 0] = iso.slice(0, 10).split("-").map(Number);
  return { year, month, day };
}

export function formatDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** Whether a text is "YYYY-MM-DD" naming a real day. */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const { year, month, day } = parseDate(s);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days since 1970-01-01. */
export function dayNumber(date: string): number {
  const { year, month, day } = parseDate(date);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return Math.round(d.getTime() / DAY_MS);
}

export function fromDayNumber(n: number): string {
  const d = new Date(n * DAY_MS);
  return formatDate({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** Days from one date to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 for Monday … 6 for Sunday (weeks start on Monday). */
export function weekdayIndex(date: string): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((dayNumber(date) + 3) % 7) + 7) % 7;
}

/** The local date of an instant on this device's clock, "YYYY-MM-DD" (toISOString would give the UTC day). */
/** Today's date in an IANA zone, "YYYY-MM-DD": the profile's, which screens count days in. */
export function todayIn(timeZone: string, now = Date.now()): string {
  const parts: Record<string, number> = {};
  for (const p of new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now))
    parts[p.type] = Number(p.value);
  return formatDate({ year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1 });
}

export function localToday(now = new Date()): string {
  return formatDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** A calendar date in the reader's language: formatDay("1815-12-10", "ru", { dateStyle: "long" }). */
export function formatDay(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  // Noon UTC, read in UTC: the same day whatever the reader's zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { ...options, timeZone: "UTC" });
}
