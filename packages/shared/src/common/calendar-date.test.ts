import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  daysInMonth,
  formatDay,
  isCalendarDate,
  isLeapYear,
  localToday,
  todayIn,
  weekdayIndex,
} from "./calendar-date.ts";

describe("calendar dates", () => {
  it("knows the leap years and month lengths", () => {
    expect([2024, 2000, 1600].map(isLeapYear)).toEqual([true, true, true]);
    expect([2025, 2100, 1900].map(isLeapYear)).toEqual([false, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2025, 4)).toBe(30);
    expect(daysInMonth(2025, 12)).toBe(31);
  });

  it("accepts real days only", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("0099-01-01")).toBe(true);
    for (const bad of ["2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "2025-4-1", "20250401", ""])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it("adds days across months, years and leap days, before 1970 too", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("1969-12-31", 1)).toBe("1970-01-01");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(daysBetween("2024-01-01", "2025-01-01")).toBe(366);
  });

  it("numbers weekdays from Monday", () => {
    expect(weekdayIndex("2025-04-21")).toBe(0); // a Monday
    expect(weekdayIndex("2025-04-27")).toBe(6);
    expect(weekdayIndex("1969-12-29")).toBe(0);
  });
});

describe("today and a date in words", () => {
  it("counts today in a given zone, not the machine's (the profile's zone)", () => {
    const at = Date.parse("2026-03-10T20:00:00Z");
    expect(todayIn("Pacific/Auckland", at)).toBe("2026-03-11");
    expect(todayIn("America/New_York", at)).toBe("2026-03-10");
    expect(todayIn("UTC", Date.parse("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
  });

  it("takes today from the local clock's parts", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 30))).toBe("2026-01-05");
    expect(localToday(new Date(2026, 11, 31, 23, 59))).toBe("2026-12-31");
  });

  it("prints a calendar date in the reader's language, never a day off", () => {
    expect(formatDay("1815-12-10", "en", { dateStyle: "long" })).toBe("December 10, 1815");
    expect(formatDay("1815-12-10", "ru", { dateStyle: "long" })).toBe("10 декабря 1815 г.");
    expect(formatDay("2026-01-01", "en", { day: "numeric", month: "short" })).toBe("Jan 1");
  });
});
