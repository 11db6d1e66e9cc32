import { CALENDAR_DAYS, perHour, velocityDecimals } from "@nook/shared/stacks/item-data";

/** Velocity as the widget prints it (spec 1 §9): per hour over at least a minute, 0/1/4 decimals. */
export function velocityFigure(count: number, seconds: number, locale: string): string {
  const value = perHour(count, seconds);
  const digits = velocityDecimals(value);
  return value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Bar lengths in percent of the largest value (at least 2% so a bar never vanishes). */
export function barPercents(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (max > 0 ? Math.max(2, (v / max) * 100) : 0));
}

export interface CalendarCell {
  date: string;
  count: number;
  /** Spec 1 §9: scaled by the maximum; 0.1 for an empty past day, 0.05 for a future one. */
  opacity: number;
  future: boolean;
}

const DAY = 86_400_000;
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * The heatmap's cells: weeks as columns from Monday, the last CALENDAR_DAYS
 * days up to `today` ("YYYY-MM-DD"), padded before to a Monday and after to
 * the end of the week (future days). Cells before the first day are null.
 */
export function calendarCells(counts: Record<string, number>, today: string): (CalendarCell | null)[] {
  const last = Date.parse(`${today}T00:00:00Z`) / DAY;
  const first = last - (CALENDAR_DAYS - 1);
  const weekday = (day: number) => (new Date(day * DAY).getUTCDay() + 6) % 7; // Monday 0
  const max = Math.max(0, ...Object.values(counts));
  const cells: (CalendarCell | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = first; day <= last + (6 - weekday(last)); day++) {
    const date = isoDay(day);
    const count = counts[date] ?? 0;
    const future = day > last;
    cells.push({ date, count, future, opacity: future ? 0.05 : count > 0 && max > 0 ? count / max : 0.1 });
  }
  return cells;
}

/** The number of week columns in the heatmap (7 cells each, padding included). */
export const weekColumns = (cells: unknown[]) => Math.ceil(cells.length / 7);

/** The week columns where a month begins (its 1st falls in them), for the labels above the heatmap. */
export function monthColumns(cells: (CalendarCell | null)[]): { column: number; date: string }[] {
  const months: { column: number; date: string }[] = [];
  cells.forEach((c, i) => {
    if (c?.date.endsWith("-01")) months.push({ column: Math.floor(i / 7), date: c.date });
  });
  return months;
}

/** The last `n` of the streak's day flags (oldest first, the last one today) with their dates. */
export function recentDays(lastDays: boolean[], today: string, n: number): { date: string; on: boolean }[] {
  const last = Date.parse(`${today}T00:00:00Z`) / DAY;
  const shown = lastDays.slice(-n);
  return shown.map((on, i) => ({ date: isoDay(last - (shown.length - 1 - i)), on }));
}

/** Today in the reader's zone as "YYYY-MM-DD" (the API computes the days for the same zone). */
