import { describe, expect, it } from "vitest";
import { barPercents, calendarCells, monthColumns, recentDays, velocityFigure, weekColumns } from "./figures.ts";

describe("stack widget figures", () => {
  it("prints velocity per hour with the spec's decimals and a one-minute floor", () => {
    expect(velocityFigure(3, 7200, "en")).toBe("1.5000");
    expect(velocityFigure(25, 3600, "en")).toBe("25.0");
    expect(velocityFigure(250, 3600, "en")).toBe("250");
    // 2 in 10 seconds is 2 in a minute: 120 per hour.
    expect(velocityFigure(2, 10, "en")).toBe("120");
    expect(velocityFigure(0, 0, "en")).toBe("0.0000");
    expect(velocityFigure(3, 7200, "ru")).toBe("1,5000");
  });

  it("scales bars to the largest", () => {
    expect(barPercents([10, 5, 0.01])).toEqual([100, 50, 2]);
    expect(barPercents([0, 0])).toEqual([0, 0]);
  });

  it("lays the calendar out in weeks: 365 days, opacity by the maximum, the week's rest in the future", () => {
    // Sunday 22 November 2026.
    const cells = calendarCells({ "2026-11-22": 4, "2026-11-20": 1, "2025-11-23": 2 }, "2026-11-22");
    const days = cells.filter((c) => c !== null);
    expect(days.filter((c) => !c.future)).toHaveLength(365);
    expect(cells.length % 7).toBe(0);
    // 23 Nov 2025 is a Sunday: six empty cells before it.
    expect(cells.slice(0, 6)).toEqual(Array(6).fill(null));
    expect(days[0]).toEqual({ date: "2025-11-23", count: 2, future: false, opacity: 0.5 });
    expect(days.find((c) => c.date === "2026-11-22")?.opacity).toBe(1);
    expect(days.find((c) => c.date === "2026-11-20")?.opacity).toBe(0.25);
    expect(days.find((c) => c.date === "2026-11-21")?.opacity).toBe(0.1);
  });

  it("marks the days after today as future", () => {
    // Wednesday 18 November 2026: Thursday to Sunday are still to come.
    const cells = calendarCells({}, "2026-11-18").filter((c) => c !== null);
    expect(cells.filter((c) => c.future).map((c) => [c.date, c.opacity])).toEqual([
      ["2026-11-19", 0.05],
      ["2026-11-20", 0.05],
      ["2026-11-21", 0.05],
      ["2026-11-22", 0.05],
    ]);
  });

  it("puts each month's label over the week of its 1st", () => {
    const cells = calendarCells({}, "2026-11-22");
    expect(weekColumns(cells)).toBe(53);
    const months = monthColumns(cells);
    // 23 Nov 2025 to 22 Nov 2026: December 2025 to November 2026.
    expect(months.map((m) => m.date)).toEqual([
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
      "2026-11-01",
    ]);
    // Monday 1 December 2025 opens the third column (after 17–23 and 24–30 November); Sunday 1 November 2026 closes the 50th.
    expect(months[0]?.column).toBe(2);
    expect(months.at(-1)?.column).toBe(49);
  });

  it("dates the streak's last days, today last", () => {
    const flags = Array.from({ length: 30 }, (_, i) => i % 2 === 1);
    expect(recentDays(flags, "2026-03-02", 3)).toEqual([
      { date: "2026-02-28", on: true },
      { date: "2026-03-01", on: false },
      { date: "2026-03-02", on: true },
    ]);
    expect(recentDays([true], "2026-03-02", 10)).toEqual([{ date: "2026-03-02", on: true }]);
  });
});
