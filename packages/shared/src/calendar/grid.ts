/**
 * The calendar's views as calendar dates ("YYYY-MM-DD"): the month grid
 * (weeks start on Monday), the week of a day, moving a view one step, the
 * days a view asks the API for, and the `?view=&year=&month=&day=` query.
 * Pure: "today" is always passed in.
 */
import { addDays, daysInMonth, formatDate, parseDate, weekdayIndex } from "../common/calendar-date.ts";

export const CALENDAR_VIEWS = ["year", "month", "week", "day"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The years the calendar moves within: the suite's date range (journal dates, deadlines). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2199;

/** What the calendar shows: a view, and the day it is about (the week, month or year around it). */
export interface CalendarState {
  view: CalendarView;
  date: string;
}

export interface GridDay {
  date: string;
  /** False for the leading and trailing days of the neighbour months. */
  inMonth: boolean;
}

export function isCalendarView(s: string): s is CalendarView {
  return (CALENDAR_VIEWS as readonly string[]).includes(s);
}

/** The Monday that starts the week of `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The seven days, Monday to Sunday, of the week holding `date`. */
export function weekOf(date: string): string[] {
  const monday = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** A month as whole weeks, Monday first: 4 to 6 rows, the neighbour months' days marked. */
export function monthGrid(year: number, month: number): GridDay[][] {
  const first = formatDate({ year, month, day: 1 });
  const last = formatDate({ year, month, day: daysInMonth(year, month) });
  const weeks: GridDay[][] = [];
  for (let monday = weekStart(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(weekOf(monday).map((date) => ({ date, inMonth: date >= first && date <= last })));
  }
  return weeks;
}

/** `date` moved by whole months; a day the target month lacks becomes its last (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const d = parseDate(date);
  const index = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return formatDate({ year, month, day: Math.min(d.day, daysInMonth(year, month)) });
}

/** Whether a day lies within the calendar's years (YEAR_MIN..YEAR_MAX). */
export function withinYears(date: string): boolean {
  const { year } = parseDate(date);
  return year >= YEAR_MIN && year <= YEAR_MAX;
}

/** The day one step (-1 back, +1 on) from `state`: a year, a month, a week or a day, by its view. */
function stepDate(state: CalendarState, direction: -1 | 1): string {
  switch (state.view) {
    case "year":
      return addMonths(state.date, 12 * direction);
    case "month":
      return addMonths(state.date, direction);
    case "week":
      return addDays(state.date, 7 * direction);
    case "day":
      return addDays(state.date, direction);
  }
}

/** Whether a step that way stays within the calendar's years. */
export function canStep(state: CalendarState, direction: -1 | 1): boolean {
  return withinYears(stepDate(state, direction));
}

/** The view one step back (-1) or on (+1); at the edge of the calendar's years it stays put. */
export function step(state: CalendarState, direction: -1 | 1): CalendarState {
  return canStep(state, direction) ? { view: state.view, date: stepDate(state, direction) } : state;
}

/**
 * The days (both included) a view needs from the API, in one call: the
 * year's 12 months, the month grid's visible days (neighbours included),
 * the week, the day. The longest, a leap year, is 366 days.
 */
export function viewRange(state: CalendarState): { from: string; to: string } {
  const { year, month } = parseDate(state.date);
  switch (state.view) {
    case "year":
      return { from: formatDate({ year, month: 1, day: 1 }), to: formatDate({ year, month: 12, day: 31 }) };
    case "month": {
      const last = formatDate({ year, month, day: daysInMonth(year, month) });
      return { from: weekStart(formatDate({ year, month, day: 1 })), to: addDays(weekStart(last), 6) };
    }
    case "week": {
      const monday = weekStart(state.date);
      return { from: monday, to: addDays(monday, 6) };
    }
    case "day":
      return { from: state.date, to: state.date };
  }
}

/** A whole number written plainly ("04" and "4" alike), else null. */
function whole(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/** A query read: the state it names, and whether the address should be corrected to say it (printQuery). */
export interface QueryReading {
  state: CalendarState;
  /** The query named no valid state: `state` is the nearest one, which the address should name instead. */
  corrected: boolean;
}

/**
 * The state a `?view=&year=&month=&day=` query names. Nothing at all is
 * today's month view; a view alone is that view of today; a year alone is
 * its 1 January (a month alone, its 1st). A day that cannot be is read as
 * the nearest that can, and marked `corrected`: month 13 as December, 30
 * February as its last day, a year outside the calendar's as its first or
 * last; an unknown view as the month view; a part that is no number as its
 * first (a year that is none, today).
 */
export function readQuery(search: string, today: string): QueryReading {
  const q = new URLSearchParams(search);
  const rawView = q.get("view") ?? "month";
  const view = isCalendarView(rawView) ? rawView : "month";
  let corrected = view !== rawView;
  const [rawYear, rawMonth, rawDay] = [q.get("year"), q.get("month"), q.get("day")];
  const year = whole(rawYear);
  if (year === null)
    return {
      state: { view, date: today },
      corrected: corrected || rawYear !== null || rawMonth !== null || rawDay !== null,
    };
  const month = rawMonth === null ? 1 : whole(rawMonth);
  const day = rawDay === null ? 1 : whole(rawDay);
  if (month === null || day === null || (rawMonth === null && rawDay !== null)) corrected = true;
  const y = clamp(year, YEAR_MIN, YEAR_MAX);
  const m = clamp(month ?? 1, 1, 12);
  const d = clamp(day ?? 1, 1, daysInMonth(y, m));
  if (y !== year || m !== month || d !== day) corrected = true;
  return { state: { view, date: formatDate({ year: y, month: m, day: d }) }, corrected };
}

/** The state a query names, or the nearest one (readQuery). */
export function parseQuery(search: string, today: string): CalendarState {
  return readQuery(search, today).state;
}

/** The query that names a state, "view=month&year=2025&month=4&day=24": parseQuery reads it back. */
export function printQuery(state: CalendarState): string {
  const { year, month, day } = parseDate(state.date);
  return new URLSearchParams({
    view: state.view,
    year: String(year),
    month: String(month),
    day: String(day),
  }).toString();
}
