import { describe, expect, it } from "vitest";
import { type CalendarEvent, crossesMidnight, eventDays, eventOccurrences, isWallTime } from "./events.ts";

const event = (
  id: number,
  date: string,
  repeat: CalendarEvent["repeat"],
  start: string | null = null,
): CalendarEvent => ({
  id,
  title: `e${id}`,
  note: "",
  date,
  start,
  end: start === null ? null : "23:00",
  repeat,
  createdAt: "2026-01-01T00:00:00.000Z",
  modifiedAt: "2026-01-01T00:00:00.000Z",
});

describe("when an event falls", () => {
  it("once: on its day, when the span holds it", () => {
    expect(eventDays({ date: "2026-03-05", repeat: "none" }, "2026-03-01", "2026-03-31")).toEqual(["2026-03-05"]);
    expect(eventDays({ date: "2026-03-05", repeat: "none" }, "2026-03-06", "2026-03-31")).toEqual([]);
    expect(eventDays({ date: "2026-03-05", repeat: "none" }, "2026-03-05", "2026-03-05")).toEqual(["2026-03-05"]);
  });

  it("weekly: every seventh day from its first, never before it, across the spring clock change", () => {
    expect(eventDays({ date: "2026-03-19", repeat: "weekly" }, "2026-03-01", "2026-04-10")).toEqual([
      "2026-03-19",
      "2026-03-26",
      "2026-04-02",
      "2026-04-09",
    ]);
    expect(eventDays({ date: "2026-03-19", repeat: "weekly" }, "2026-03-27", "2026-04-09")).toEqual([
      "2026-04-02",
      "2026-04-09",
    ]);
    expect(eventDays({ date: "2026-12-31", repeat: "weekly" }, "2027-01-01", "2027-01-14")).toEqual([
      "2027-01-07",
      "2027-01-14",
    ]);
  });

  it("monthly: the same day of the month, a month without it skipped", () => {
    expect(eventDays({ date: "2026-01-31", repeat: "monthly" }, "2026-01-01", "2026-12-31")).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
      "2026-08-31",
      "2026-10-31",
      "2026-12-31",
    ]);
    expect(eventDays({ date: "2026-01-29", repeat: "monthly" }, "2027-02-01", "2028-03-01")).toEqual([
      "2027-03-29",
      "2027-04-29",
      "2027-05-29",
      "2027-06-29",
      "2027-07-29",
      "2027-08-29",
      "2027-09-29",
      "2027-10-29",
      "2027-11-29",
      "2027-12-29",
      "2028-01-29",
      "2028-02-29",
    ]);
  });

  it("monthly: a span that ends before the day in its last month", () => {
    expect(eventDays({ date: "2026-01-31", repeat: "monthly" }, "2026-01-01", "2026-03-15")).toEqual(["2026-01-31"]);
  });

  it("yearly: 29 February on the 28th in common years", () => {
    expect(eventDays({ date: "2024-02-29", repeat: "yearly" }, "2024-01-01", "2028-12-31")).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
    expect(eventDays({ date: "2020-07-01", repeat: "yearly" }, "2026-06-30", "2027-07-01")).toEqual([
      "2026-07-01",
      "2027-07-01",
    ]);
    expect(eventDays({ date: "2027-07-01", repeat: "yearly" }, "2026-01-01", "2026-12-31")).toEqual([]);
  });

  it("puts a span's occurrences in order: day, all-day first, then time", () => {
    const got = eventOccurrences(
      [
        event(1, "2026-03-02", "weekly", "09:00"),
        event(2, "2026-03-09", "none"),
        event(3, "2026-03-09", "none", "08:30"),
      ],
      "2026-03-08",
      "2026-03-16",
    );
    expect(got.map((o) => [o.date, o.eventId])).toEqual([
      ["2026-03-09", 2],
      ["2026-03-09", 3],
      ["2026-03-09", 1],
      ["2026-03-16", 1],
    ]);
  });

  it("puts an event that runs over midnight on its second day too, ending at 00:00 on its own day only", () => {
    const night = (id: number, date: string, repeat: CalendarEvent["repeat"], start: string, end: string) => ({
      ...event(id, date, repeat, start),
      end,
    });
    expect(crossesMidnight({ start: "22:00", end: "06:00" })).toBe(true);
    expect(crossesMidnight({ start: "09:00", end: "09:00" })).toBe(true);
    expect(crossesMidnight({ start: "22:00", end: "00:00" })).toBe(false);
    expect(crossesMidnight({ start: "00:00", end: "00:00" })).toBe(false);
    expect(crossesMidnight({ start: "09:00", end: "10:00" })).toBe(false);
    expect(crossesMidnight({ start: null, end: null })).toBe(false);
    const got = eventOccurrences(
      [
        night(1, "2026-03-07", "none", "22:00", "06:00"),
        night(2, "2026-03-01", "weekly", "23:30", "01:00"),
        night(3, "2026-03-08", "none", "22:00", "00:00"),
        event(4, "2026-03-08", "none"),
        event(5, "2026-03-08", "none", "00:30"),
      ],
      "2026-03-08",
      "2026-03-15",
    );
    expect(got.map((o) => [o.date, o.eventId, o.continued])).toEqual([
      // Begun on the 7th, the day before the span: its morning is in it.
      ["2026-03-08", 4, false],
      ["2026-03-08", 1, true],
      ["2026-03-08", 5, false],
      ["2026-03-08", 3, false],
      ["2026-03-08", 2, false],
      ["2026-03-09", 2, true],
      ["2026-03-15", 2, false],
    ]);
    // A span's last day holds the start; the morning after is outside it.
    expect(eventOccurrences([night(1, "2026-03-07", "none", "22:00", "06:00")], "2026-03-01", "2026-03-07")).toEqual([
      { date: "2026-03-07", eventId: 1, title: "e1", start: "22:00", end: "06:00", repeat: "none", continued: false },
    ]);
  });

  it("reads wall times strictly", () => {
    for (const ok of ["00:00", "09:05", "23:59"]) expect(isWallTime(ok), ok).toBe(true);
    for (const bad of ["24:00", "9:05", "12:60", "12:00:00", ""]) expect(isWallTime(bad), bad).toBe(false);
  });
});
