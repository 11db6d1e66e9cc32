import { daysInYear } from "@nook/shared/journal/pixels-limits";

/**
 * The year-in-pixels grid's arithmetic, apart from React: a day's place (month and day of the month), the
 * keys that move between days, and the colour a mean mood takes.
 */

const DAY = 86_400_000;

/** A day of the year by its index (0 = 1 January): its month (0–11), its day of the month (1–31), "YYYY-MM-DD". */
export interface PixelDay {
  index: number;
  month: number;
  day: number;
  date: string;
}

/** Every day of a year, in order. */
export function yearDays(year: number): PixelDay[] {
  const first = Date.UTC(year, 0, 1);
  return Array.from({ length: daysInYear(year) }, (_, index) => {
    const d = new Date(first + index * DAY);
    return { index, month: d.getUTCMonth(), day: d.getUTCDate(), date: d.toISOString().slice(0, 10) };
  });
}

/** The index of a month's day in its year, the day kept within the month (31 → 28 in February). */
export function indexOf(year: number, month: number, day: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Math.round((Date.UTC(year, month, Math.min(day, last)) - Date.UTC(year, 0, 1)) / DAY);
}

/** The colour class of a mean mood: the nearest whole mood (4.5 → 5), or null for a day without one. */
export function moodLevel(mean: number | null): 1 | 2 | 3 | 4 | 5 | null {
  if (mean === null) return null;
  return Math.min(5, Math.max(1, Math.round(mean))) as 1 | 2 | 3 | 4 | 5;
}

/**
 * Where a key moves the focus from day `index`: along the days one way (a row of days), by months the other
 * (the months' rows on a wide screen, their columns on a narrow one); Home and End to the month's first and
 * last day, Page Up and Page Down a month back and on. Null for any other key, and at the year's edges.
 */
export function moveFrom(year: number, index: number, key: string, monthsAsRows: boolean): number | null {
  const days = yearDays(year);
  const here = days[index];
  if (!here) return null;
  const alongDays: Record<string, number> = monthsAsRows
    ? { ArrowLeft: -1, ArrowRight: 1 }
    : { ArrowUp: -1, ArrowDown: 1 };
  const alongMonths: Record<string, number> = monthsAsRows
    ? { ArrowUp: -1, ArrowDown: 1, PageUp: -1, PageDown: 1 }
    : { ArrowLeft: -1, ArrowRight: 1, PageUp: -1, PageDown: 1 };
  const byDays = Object.hasOwn(alongDays, key) ? alongDays[key] : undefined;
  const byMonths = Object.hasOwn(alongMonths, key) ? alongMonths[key] : undefined;
  let to: number;
  if (byDays !== undefined) to = index + byDays;
  else if (byMonths !== undefined) {
    const month = here.month + byMonths;
    if (month < 0 || month > 11) return null;
    to = indexOf(year, month, here.day);
  } else if (key === "Home") to = indexOf(year, here.month, 1);
  else if (key === "End") to = indexOf(year, here.month, 31);
  else return null;
  return to >= 0 && to < days.length && to !== index ? to : null;
}
