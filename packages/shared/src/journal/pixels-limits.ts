/**
 * A year in pixels (GET /api/journal/pixels), without valibot: the page imports its bounds from here.
 * The years are those an entry's date may fall in (ENTRY_DATE_MIN to ENTRY_DATE_MAX, limits.ts).
 */
export const PIXELS_YEAR_MIN = 1900;
export const PIXELS_YEAR_MAX = 2199;

/**
 * The answer: `days` holds one value a day of the year in the profile's zone, 1 January first (365 values, or
 * 366 in a leap year): the mean of that day's entries' mood (1–5), or null for a day without one.
 */
export interface Pixels {
  year: number;
  days: (number | null)[];
}

/** Whether a year of the Gregorian calendar has a 29 February. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The days of a year: 365, or 366 in a leap year. */
export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}
