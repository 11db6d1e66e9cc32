import { describe, expect, it } from "vitest";
import { periodDays, periodOf } from "./goal-periods.ts";

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

describe("goal periods", () => {
  it("are ISO weeks from Monday to Sunday, before 1970 too", () => {
    // Monday 30 November 2026 … Sunday 6 December 2026.
    expect(periodOf(day("2026-11-30"), "week")).toBe(periodOf(day("2026-12-06"), "week"));
    expect(periodOf(day("2026-12-07"), "week")).toBe(periodOf(day("2026-12-06"), "week") + 1);
    expect(periodDays(periodOf(day("2026-12-02"), "week"), "week")).toEqual({
      first: day("2026-11-30"),
      last: day("2026-12-06"),
    });
    // 1 January 1970 was a Thursday: its week began on Monday 29 December 1969.
    expect(periodOf(day("1970-01-01"), "week")).toBe(0);
    expect(periodDays(0, "week")).toEqual({ first: day("1969-12-29"), last: day("1970-01-04") });
    expect(periodDays(periodOf(day("1950-06-15"), "week"), "week")).toEqual({
      first: day("1950-06-12"),
      last: day("1950-06-18"),
    });
  });

  it("are calendar months, February of a leap year included", () => {
    expect(periodOf(day("2026-12-31"), "month")).toBe(2026 * 12 + 11);
    expect(periodOf(day("2027-01-01"), "month")).toBe(2027 * 12);
    expect(periodDays(2028 * 12 + 1, "month")).toEqual({ first: day("2028-02-01"), last: day("2028-02-29") });
    expect(periodDays(periodOf(day("1969-12-31"), "month"), "month")).toEqual({
      first: day("1969-12-01"),
      last: day("1969-12-31"),
    });
  });
});
