import { describe, expect, it } from "vitest";
import { dateOfDeadline, deadlineOfDate, timeLeft, untilChange } from "./deadline.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("a deadline picked as a date", () => {
  it("is the end of that day in the reader's zone, and reads back as the same date", () => {
    const iso = deadlineOfDate("2026-03-09", "Europe/Moscow");
    expect(iso).toBe("2026-03-09T20:59:59.999Z");
    expect(dateOfDeadline(iso, "Europe/Moscow")).toBe("2026-03-09");
    for (const zone of ["UTC", "Pacific/Auckland", "America/New_York", "America/Santiago"])
      for (const date of ["2024-02-29", "1900-01-01", "2026-12-31", "2026-09-06"])
        expect(dateOfDeadline(deadlineOfDate(date, zone), zone), `${date} ${zone}`).toBe(date);
  });

  it("is the profile's day, not the browser's: Auckland's end of 26 November is 10:59 UTC that day", () => {
    const iso = deadlineOfDate("2026-11-26", "Pacific/Auckland");
    expect(iso).toBe("2026-11-26T10:59:59.999Z");
    // The same instant is still 26 November in Auckland and 26 November, 05:59, in New York.
    expect(dateOfDeadline(iso, "Pacific/Auckland")).toBe("2026-11-26");
    expect(dateOfDeadline("2026-11-26T12:00:00.000Z", "Pacific/Auckland")).toBe("2026-11-27");
    expect(dateOfDeadline("2026-11-26T12:00:00.000Z", "America/New_York")).toBe("2026-11-26");
  });

  it("is none when the field is empty or not a date", () => {
    expect(deadlineOfDate("", "UTC")).toBeNull();
    expect(deadlineOfDate("9 March", "UTC")).toBeNull();
    expect(dateOfDeadline(null, "UTC")).toBe("");
  });
});

describe("the time left", () => {
  const deadline = new Date(2026, 2, 9, 23, 59, 59, 999).toISOString();
  const at = (msBefore: number) => Date.parse(deadline) - msBefore;

  it("counts whole days, then whole hours, then minutes", () => {
    expect(timeLeft(deadline, at(3 * DAY + 5 * HOUR))).toEqual({ kind: "days", n: 3 });
    expect(timeLeft(deadline, at(DAY))).toEqual({ kind: "days", n: 1 });
    expect(timeLeft(deadline, at(DAY - 1))).toEqual({ kind: "hours", n: 23 });
    expect(timeLeft(deadline, at(5 * HOUR + 59 * MINUTE))).toEqual({ kind: "hours", n: 5 });
    expect(timeLeft(deadline, at(59 * MINUTE))).toEqual({ kind: "minutes", n: 59 });
    expect(timeLeft(deadline, at(10_000))).toEqual({ kind: "minutes", n: 1 });
  });

  it("is overdue at and after the deadline", () => {
    expect(timeLeft(deadline, at(0))).toEqual({ kind: "overdue" });
    expect(timeLeft(deadline, at(-DAY))).toEqual({ kind: "overdue" });
  });

  it("changes when the count drops a unit", () => {
    expect(untilChange(deadline, at(3 * DAY + 5 * MINUTE))).toBe(5 * MINUTE + 1);
    expect(untilChange(deadline, at(DAY))).toBe(1);
    expect(untilChange(deadline, at(2 * HOUR + 30_000))).toBe(30_001);
    expect(untilChange(deadline, at(-1))).toBeNull();
  });
});
