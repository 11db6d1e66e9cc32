import { describe, expect, it } from "vitest";
import { eventClockGap } from "./clock-gaps.ts";
import type { CalendarEvent } from "./events.ts";

const TODAY = "2026-12-06";
const at = (
  date: string,
  start: string | null,
  end: string | null,
  repeat: CalendarEvent["repeat"] = "none",
  zone = "Europe/Berlin",
) => eventClockGap({ date, start, end, repeat }, zone, TODAY);

describe("times a zone skips", () => {
  it("refuses a start or an end in Berlin's spring gap (02:00 to 03:00, 28 March 2027), not its edges", () => {
    const gap = { date: "2027-03-28", from: "02:00", to: "03:00" };
    expect(at("2027-03-28", "02:30", "03:30")).toEqual({ field: "start", time: "02:30", ...gap });
    expect(at("2027-03-28", "02:00", "04:00")).toEqual({ field: "start", time: "02:00", ...gap });
    expect(at("2027-03-28", "01:00", "02:59")).toEqual({ field: "end", time: "02:59", ...gap });
    expect(at("2027-03-28", "01:59", "03:00")).toBeNull();
    // A day on either side, an all-day event, and the autumn's repeated hour all happen.
    expect(at("2027-03-27", "02:30", "03:30")).toBeNull();
    expect(at("2027-03-29", "02:30", "03:30")).toBeNull();
    expect(at("2027-03-28", null, null)).toBeNull();
    expect(at("2027-10-31", "02:30", "02:45")).toBeNull();
  });

  it("reads an end at or before the start on the next day", () => {
    // 23:00 on the 27th to 02:30 on the 28th: the end is skipped.
    expect(at("2027-03-27", "23:00", "02:30")).toEqual({
      field: "end",
      time: "02:30",
      date: "2027-03-28",
      from: "02:00",
      to: "03:00",
    });
    // 02:30 to 01:00 on the 28th: the start is skipped, the end (the 29th) is not.
    expect(at("2027-03-28", "02:30", "01:00")).toMatchObject({ field: "start", date: "2027-03-28" });
    expect(at("2027-03-28", "23:00", "02:30")).toBeNull();
  });

  it("knows a half-hour jump (Lord Howe, 02:00 to 02:30 on 3 October 2027) and one over midnight (Santiago)", () => {
    const lordHowe = (start: string) => at("2027-10-03", start, "04:00", "none", "Australia/Lord_Howe");
    expect(lordHowe("02:10")).toEqual({
      field: "start",
      time: "02:10",
      date: "2027-10-03",
      from: "02:00",
      to: "02:30",
    });
    expect(lordHowe("02:29")).toMatchObject({ field: "start", time: "02:29" });
    expect(lordHowe("02:30")).toBeNull();
    expect(lordHowe("01:59")).toBeNull();
    // Chile springs forward at 24:00 on Saturday 5 September 2026: Sunday starts at 01:00.
    expect(at("2026-09-06", "00:30", "02:00", "none", "America/Santiago")).toEqual({
      field: "start",
      time: "00:30",
      date: "2026-09-06",
      from: "00:00",
      to: "01:00",
    });
    expect(at("2026-09-05", "22:00", "00:00", "none", "America/Santiago")).toMatchObject({
      field: "end",
      time: "00:00",
      date: "2026-09-06",
    });
    expect(at("2026-09-06", "01:00", "02:00", "none", "America/Santiago")).toBeNull();
  });

  it("finds the first day a repeating event's time is skipped", () => {
    // Every Sunday from 4 January 2026: the last Sunday of March is 29 March 2026.
    expect(at("2026-01-04", "02:30", "03:30", "weekly")).toMatchObject({ field: "start", date: "2026-03-29" });
    // Every Monday: never on a Sunday, never skipped.
    expect(at("2026-01-05", "02:30", "03:30", "weekly")).toBeNull();
    // The 29th of each month from January 2026: 29 March 2026 is that Sunday.
    expect(at("2026-01-29", "02:30", "03:30", "monthly")).toMatchObject({ date: "2026-03-29" });
    // Each 30 March from 2026: a Monday, and a Sunday first in 2031.
    expect(at("2026-03-30", "02:30", "03:30", "yearly")).toMatchObject({ date: "2031-03-30" });
    // Moscow keeps no summer time: nothing is skipped.
    expect(at("2026-01-04", "02:30", "03:30", "weekly", "Europe/Moscow")).toBeNull();
  });

  it("takes little time for a repeating event in a zone with two changes a year", () => {
    const started = performance.now();
    expect(at("2026-01-06", "02:30", "03:30", "weekly", "America/New_York")).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
  });
});
