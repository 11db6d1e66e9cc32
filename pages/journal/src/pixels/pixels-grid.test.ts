import { describe, expect, it } from "vitest";
import { indexOf, moodLevel, moveFrom, yearDays } from "./pixels-grid.ts";

describe("the year-in-pixels grid", () => {
  it("lays out a common and a leap year day by day", () => {
    const common = yearDays(2026);
    expect(common).toHaveLength(365);
    expect(common[70]).toEqual({ index: 70, month: 2, day: 12, date: "2026-03-12" });
    expect(common[364]).toEqual({ index: 364, month: 11, day: 31, date: "2026-12-31" });
    const leap = yearDays(2028);
    expect(leap).toHaveLength(366);
    expect(leap[59]).toEqual({ index: 59, month: 1, day: 29, date: "2028-02-29" });
  });

  it("finds a month's day, kept within the month", () => {
    expect(indexOf(2026, 2, 12)).toBe(70);
    // 31 February is 28 February (day 58) in a common year, the 29th (day 59) in a leap year.
    expect(indexOf(2026, 1, 31)).toBe(58);
    expect(indexOf(2028, 1, 31)).toBe(59);
  });

  it("colours a mean mood by the nearest whole mood", () => {
    expect([1, 1.49, 1.5, 2.5, 4.5, 5, null].map(moodLevel)).toEqual([1, 1, 2, 3, 5, 5, null]);
  });

  it("moves along the days one way and by months the other, as the grid lies", () => {
    // Months as rows (wide): left and right are days, up and down months. 31 January down is 28 February.
    expect(moveFrom(2026, 70, "ArrowRight", true)).toBe(71);
    expect(moveFrom(2026, 70, "ArrowLeft", true)).toBe(69);
    expect(moveFrom(2026, 30, "ArrowDown", true)).toBe(58);
    expect(moveFrom(2026, 70, "ArrowUp", true)).toBe(42);
    // Months as columns (narrow): up and down are days, left and right months.
    expect(moveFrom(2026, 70, "ArrowDown", false)).toBe(71);
    expect(moveFrom(2026, 70, "ArrowRight", false)).toBe(101);
    expect(moveFrom(2026, 70, "PageDown", false)).toBe(101);
    expect(moveFrom(2026, 70, "Home", false)).toBe(59);
    expect(moveFrom(2026, 70, "End", false)).toBe(89);
  });

  it("stops at the year's edges and ignores other keys", () => {
    expect(moveFrom(2026, 0, "ArrowLeft", true)).toBeNull();
    expect(moveFrom(2026, 364, "ArrowRight", true)).toBeNull();
    expect(moveFrom(2026, 5, "ArrowUp", true)).toBeNull();
    expect(moveFrom(2026, 340, "PageDown", false)).toBeNull();
    expect(moveFrom(2026, 70, "Enter", true)).toBeNull();
  });
});
