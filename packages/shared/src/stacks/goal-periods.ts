import type { GoalPeriod } from "./limits.ts";

/**
 * The periods of a streak's habit goal, over local day numbers (days since 1970-01-01, a Thursday, in the
 * profile's zone): ISO weeks, Monday to Sunday, and calendar months. A period's index goes up by one from
 * each period to the next, so a run of periods is a run of indices (the SQL of stacks/engine/streaks.ts
 * computes the same indices).
 */

const DAY = 86_400_000;

/** The index of the period holding a day: weeks since the week of 1970-01-01, or year × 12 + month − 1. */
export function periodOf(day: number, per: GoalPeriod): number {
  if (per === "week") return Math.floor((day + 3) / 7);
  const d = new Date(day * DAY);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The first and the last day of a period, as day numbers. */
export function periodDays(period: number, per: GoalPeriod): { first: number; last: number } {
  if (per === "week") return { first: period * 7 - 3, last: period * 7 + 3 };
  const year = Math.floor(period / 12);
  const month = period - year * 12;
  return { first: Date.UTC(year, month, 1) / DAY, last: Date.UTC(year, month + 1, 1) / DAY - 1 };
}
