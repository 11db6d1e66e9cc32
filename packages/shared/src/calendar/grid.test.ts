import { describe, expect, it } from "vitest";
import { addDays, daysInMonth, isLeapYear, weekdayIndex } from "../common/calendar-date.ts";
import {
  addMonths,
  CALENDAR_VIEWS,
  type CalendarState,
  canStep,
  monthGrid,
  parseQuery,
  printQuery,
  readQuery,
  step,
  viewRange,
  weekOf,
  weekStart,
} from "./grid.ts";
import { CALENDAR_DAYS_MAX } from "./schemas.ts";

const TODAY = "2025-04-24";

describe("monthGrid", () => {
  // One month starting on each weekday, Monday (0) to Sunday (6): leading days, rows, trailing days.
  const months = [
    { year: 2024, month: 1, starts: 0, leading: 0, rows: 5, trailing: 4 },
    { year: 2024, month: 10, starts: 1, leading: 1, rows: 5, trailing: 3 },
    { year: 2024, month: 5, starts: 2, leading: 2, rows: 5, trailing: 2 },
    { year: 2024, month: 2, starts: 3, leading: 3, rows: 5, trailing: 3 },
    { year: 2024, month: 3, starts: 4, leading: 4, rows: 5, trailing: 0 },
    { year: 2024, month: 6, starts: 5, leading: 5, rows: 5, trailing: 0 },
    { year: 2024, month: 9, starts: 6, leading: 6, rows: 6, trailing: 6 },
  ];

  it.each(months)("$year-$month starts on weekday $starts", ({ year, month, starts, leading, rows, trailing }) => {
    const first = `${year}-${String(month).padStart(2, "0")}-01`;
    expect(weekdayIndex(first)).toBe(starts);
    const weeks = monthGrid(year, month);
    expect(weeks).toHaveLength(rows);
    const days = weeks.flat();
    // Whole weeks, Monday first, one day after another.
    for (const week of weeks) {
      expect(week).toHaveLength(7);
      expect(weekdayIndex(week[0]!.date)).toBe(0);
    }
    days.forEach((d, i) => {
      if (i > 0) expect(d.date).toBe(addDays(days[i - 1]!.date, 1));
    });
    // The month's own days, then the neighbours' marked on either side.
    const own = days.filter((d) => d.inMonth);
    expect(own).toHaveLength(daysInMonth(year, month));
    expect(own[0]!.date).toBe(first);
    expect(days.slice(0, leading).every((d) => !d.inMonth)).toBe(true);
    expect(days[leading]!.date).toBe(first);
    expect(days.length - leading - own.length).toBe(trailing);
    expect(days.slice(leading + own.length).every((d) => !d.inMonth)).toBe(true);
  });

  it("fits February 2021 (28 days from a Monday) in four rows, and ends September 2024 on 6 October", () => {
    expect(monthGrid(2021, 2)).toHaveLength(4);
    expect(
      monthGrid(2021, 2)
        .flat()
        .every((d) => d.inMonth),
    ).toBe(true);
    expect(monthGrid(2024, 9).at(-1)!.at(-1)!.date).toBe("2024-10-06");
    expect(monthGrid(2024, 9)[0]![0]!.date).toBe("2024-08-26");
  });

  it("knows leap years: February 2024 has 29 days, 2000 is leap, 1900 and 2100 are not", () => {
    expect(
      monthGrid(2024, 2)
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
    expect(
      monthGrid(2024, 2)
        .flat()
        .find((d) => d.date === "2024-02-29")?.inMonth,
    ).toBe(true);
    expect(
      monthGrid(2023, 2)
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(28);
    expect(isLeapYear(2000)).toBe(true);
    expect(
      monthGrid(2000, 2)
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
    for (const year of [1900, 2100]) {
      expect(isLeapYear(year)).toBe(false);
      expect(
        monthGrid(year, 2)
          .flat()
          .filter((d) => d.inMonth),
      ).toHaveLength(28);
    }
  });
});

describe("weekOf", () => {
  it("runs Monday to Sunday around any day, across a year's end", () => {
    expect(weekOf("2025-04-24")).toEqual([
      "2025-04-21",
      "2025-04-22",
      "2025-04-23",
      "2025-04-24",
      "2025-04-25",
      "2025-04-26",
      "2025-04-27",
    ]);
    expect(weekStart("2025-04-21")).toBe("2025-04-21");
    expect(weekStart("2025-04-27")).toBe("2025-04-21");
    expect(weekOf("2025-01-01")[0]).toBe("2024-12-30");
    expect(weekOf("2025-01-01")[6]).toBe("2025-01-05");
  });
});

describe("moving a view", () => {
  const at = (view: CalendarState["view"], date: string): CalendarState => ({ view, date });

  it("moves a month across the year's end both ways", () => {
    expect(step(at("month", "2025-12-15"), 1)).toEqual(at("month", "2026-01-15"));
    expect(step(at("month", "2026-01-15"), -1)).toEqual(at("month", "2025-12-15"));
  });

  it("clamps the day to the shorter month", () => {
    expect(step(at("month", "2025-01-31"), 1)).toEqual(at("month", "2025-02-28"));
    expect(step(at("month", "2024-01-31"), 1)).toEqual(at("month", "2024-02-29"));
    expect(step(at("month", "2025-03-31"), -1)).toEqual(at("month", "2025-02-28"));
    expect(step(at("month", "2024-03-31"), -1)).toEqual(at("month", "2024-02-29"));
    expect(step(at("month", "2025-05-31"), 1)).toEqual(at("month", "2025-06-30"));
    expect(addMonths("2025-08-31", -6)).toBe("2025-02-28");
    expect(addMonths("2025-12-31", 2)).toBe("2026-02-28");
    expect(addMonths("2025-01-15", -13)).toBe("2023-12-15");
  });

  it("moves a year (29 February to the 28th), a week and a day", () => {
    expect(step(at("year", "2025-04-24"), 1)).toEqual(at("year", "2026-04-24"));
    expect(step(at("year", "2024-02-29"), 1)).toEqual(at("year", "2025-02-28"));
    expect(step(at("year", "2024-02-29"), -1)).toEqual(at("year", "2023-02-28"));
    expect(step(at("week", "2025-12-29"), 1)).toEqual(at("week", "2026-01-05"));
    expect(step(at("week", "2026-01-02"), -1)).toEqual(at("week", "2025-12-26"));
    expect(step(at("day", "2025-12-31"), 1)).toEqual(at("day", "2026-01-01"));
    expect(step(at("day", "2026-01-01"), -1)).toEqual(at("day", "2025-12-31"));
    expect(step(at("day", "2024-02-28"), 1)).toEqual(at("day", "2024-02-29"));
  });

  it("stops at the edges of the calendar's years", () => {
    expect(canStep(at("month", "1900-01-10"), -1)).toBe(false);
    expect(step(at("month", "1900-01-10"), -1)).toEqual(at("month", "1900-01-10"));
    expect(canStep(at("month", "1900-01-10"), 1)).toBe(true);
    expect(canStep(at("year", "2199-06-01"), 1)).toBe(false);
    expect(canStep(at("day", "2199-12-31"), 1)).toBe(false);
    expect(canStep(at("day", "2199-12-30"), 1)).toBe(true);
  });
});

describe("viewRange", () => {
  it("asks for the year, the month grid's days, the week, the day", () => {
    expect(viewRange({ view: "year", date: "2024-07-04" })).toEqual({ from: "2024-01-01", to: "2024-12-31" });
    // April 2025 starts on a Tuesday and ends on a Wednesday.
    expect(viewRange({ view: "month", date: "2025-04-24" })).toEqual({ from: "2025-03-31", to: "2025-05-04" });
    expect(viewRange({ view: "month", date: "2024-09-01" })).toEqual({ from: "2024-08-26", to: "2024-10-06" });
    expect(viewRange({ view: "week", date: "2026-01-01" })).toEqual({ from: "2025-12-29", to: "2026-01-04" });
    expect(viewRange({ view: "day", date: "2025-04-24" })).toEqual({ from: "2025-04-24", to: "2025-04-24" });
  });

  it("stays within one API call in every view", () => {
    for (const view of CALENDAR_VIEWS) {
      for (const date of ["2024-02-29", "2024-12-31", "2025-06-15"]) {
        const { from, to } = viewRange({ view, date });
        expect(from <= date && date <= to).toBe(true);
        expect(Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)).toBeLessThan(CALENDAR_DAYS_MAX);
      }
    }
  });
});

describe("the ?view=&year=&month=&day= query", () => {
  it("round-trips every view", () => {
    for (const view of CALENDAR_VIEWS) {
      for (const date of ["2025-04-24", "2024-02-29", "2031-12-01", "1900-01-01", "2199-12-31"]) {
        const state = { view, date };
        expect(parseQuery(`?${printQuery(state)}`, TODAY)).toEqual(state);
        expect(parseQuery(printQuery(state), TODAY)).toEqual(state);
      }
    }
    expect(printQuery({ view: "month", date: "2031-02-01" })).toBe("view=month&year=2031&month=2&day=1");
  });

  it("reads a deep link without a day as the month's 1st, a year alone as its 1 January", () => {
    expect(parseQuery("?view=month&year=2031&month=2", TODAY)).toEqual({ view: "month", date: "2031-02-01" });
    expect(parseQuery("?view=year&year=2030", TODAY)).toEqual({ view: "year", date: "2030-01-01" });
    expect(parseQuery("?view=day&year=2031&month=02&day=09", TODAY)).toEqual({ view: "day", date: "2031-02-09" });
    expect(parseQuery("?year=2031&month=2", TODAY)).toEqual({ view: "month", date: "2031-02-01" });
  });

  it("is today's month view with nothing, and that view of today with a view alone", () => {
    expect(parseQuery("", TODAY)).toEqual({ view: "month", date: TODAY });
    expect(parseQuery("?", TODAY)).toEqual({ view: "month", date: TODAY });
    expect(parseQuery("?view=week", TODAY)).toEqual({ view: "week", date: TODAY });
    expect(parseQuery("?view=year&utm=x", TODAY)).toEqual({ view: "year", date: TODAY });
  });

  it.each([
    ["?view=decade&year=2031&month=2", "month", "2031-02-01"],
    ["?view=month&year=2031&month=13", "month", "2031-12-01"],
    ["?view=month&year=2031&month=0", "month", "2031-01-01"],
    ["?view=day&year=2031&month=2&day=30", "day", "2031-02-28"],
    ["?view=day&year=2023&month=2&day=29", "day", "2023-02-28"],
    ["?view=day&year=2024&month=4&day=31", "day", "2024-04-30"],
    ["?view=day&year=2024&month=4&day=0", "day", "2024-04-01"],
    ["?view=week&year=2024&month=99&day=99", "week", "2024-12-31"],
    ["?view=month&year=1899&month=12", "month", "1900-12-01"],
    ["?view=month&year=2200&month=1", "month", "2199-01-01"],
    ["?view=month&year=20310&month=1", "month", "2199-01-01"],
    ["?view=month&year=2031&month=-1", "month", "2031-01-01"],
    ["?view=month&year=2031&month=2.5", "month", "2031-01-01"],
    ["?view=day&year=2031&day=5", "day", "2031-01-05"],
  ])("reads the impossible %s as the nearest day, to be corrected", (search, view, date) => {
    expect(readQuery(search, TODAY)).toEqual({ state: { view, date }, corrected: true });
  });

  it.each(["?view=month&year=abc&month=2", "?view=month&year=&month=2", "?view=month&month=2"])(
    "reads %s, with no year, as today's month view, to be corrected",
    (search) => {
      expect(readQuery(search, TODAY)).toEqual({ state: { view: "month", date: TODAY }, corrected: true });
    },
  );

  it("leaves a query that names a day as it is", () => {
    for (const search of ["", "?view=week", "?view=month&year=2031&month=2", "?view=day&year=2024&month=2&day=29"])
      expect(readQuery(search, TODAY).corrected).toBe(false);
  });
});
