/**
 * Birthdays and ages from a birth date ("YYYY-MM-DD"). Dates here are
 * calendar dates, not instants: "today" is the reader's local date.
 * Someone born on 29 February has their birthday on 28 February in other
 * years — the day that still belongs to their month.
 */
import { daysBetween, formatDate, isLeapYear, parseDate } from "../common/calendar-date.ts";

/** The largest UTC offset on Earth (UTC+14, Kiribati): the first place each day begins. */
const EARLIEST_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The latest date it is anywhere at `now`: a birth date after it has not
 * happened for anyone, whatever their time zone (the API knows not whose).
 */
export function latestToday(now = Date.now()): string {
  return new Date(now + EARLIEST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date of someone's birthday in a given year (29 Feb → 28 Feb in a common year). */
export function birthdayIn(birthDate: string, year: number): string {
  const b = parseDate(birthDate);
  const day = b.month === 2 && b.day === 29 && !isLeapYear(year) ? 28 : b.day;
  return formatDate({ year, month: b.month, day });
}

/** Full years lived on a date (the birthday itself counts as reached). */
export function ageOn(birthDate: string, on: string): number {
  const b = parseDate(birthDate);
  const t = parseDate(on);
  const reached = birthdayIn(birthDate, t.year) <= formatDate(t);
  return t.year - b.year - (reached ? 0 : 1);
}

export interface NextBirthday {
  date: string;
  /** The age turned on that day. */
  age: number;
  /** 0 when it is today. */
  inDays: number;
}

/** The next birthday on or after `today`, and the age it brings; null before someone is born. */
export function nextBirthday(birthDate: string, today: string): NextBirthday | null {
  if (birthDate > today) return null;
  const year = parseDate(today).year;
  let date = birthdayIn(birthDate, year);
  if (date < today) date = birthdayIn(birthDate, year + 1);
  const age = parseDate(date).year - parseDate(birthDate).year;
  return { date, age, inDays: daysBetween(today, date) };
}

/** Every birthday (age ≥ 1) in [from, to], both "YYYY-MM-DD", in date order. */
export function birthdaysBetween(birthDate: string, from: string, to: string): { date: string; age: number }[] {
  const born = parseDate(birthDate).year;
  const out: { date: string; age: number }[] = [];
  for (let year = Math.max(parseDate(from).year, born + 1); year <= parseDate(to).year; year++) {
    const date = birthdayIn(birthDate, year);
    if (date >= from && date <= to) out.push({ date, age: year - born });
  }
  return out;
}
