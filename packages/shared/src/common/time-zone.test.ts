import { describe, expect, it } from "vitest";
import {
  dayNumberToDate,
  isTimeZone,
  localDayNumber,
  offsetSpan,
  profileTimeZone,
  rangeStart,
  startOfLocalDay,
  utcOffset,
  zonedParts,
  zonedTimeToMs,
} from "./time-zone.ts";

describe("profileTimeZone", () => {
  it("is the profile's own zone, and UTC for a profile without one", () => {
    expect(profileTimeZone("Pacific/Auckland")).toBe("Pacific/Auckland");
    expect(profileTimeZone(null)).toBe("UTC");
    expect(profileTimeZone(undefined)).toBe("UTC");
  });
});

describe("time zones", () => {
  it("reads wall-clock parts", () => {
    const p = zonedParts(Date.UTC(2026, 10, 22, 22, 30), "Europe/Moscow");
    expect(p).toMatchObject({ year: 2026, month: 11, day: 23, hour: 1, minute: 30, weekday: 0 });
  });
  it("finds local midnight, across DST changes", () => {
    expect(new Date(rangeStart("today", Date.UTC(2026, 10, 22, 22, 30), "Europe/Moscow")).toISOString()).toBe(
      "2026-11-22T21:00:00.000Z",
    );
    // 8 March 2026: Los Angeles springs forward at 02:00; midnight is still PST (-8).
    expect(new Date(rangeStart("today", Date.UTC(2026, 2, 8, 20, 0), "America/Los_Angeles")).toISOString()).toBe(
      "2026-03-08T08:00:00.000Z",
    );
    expect(new Date(zonedTimeToMs(2026, 3, 9, 0, 0, "America/Los_Angeles")).toISOString()).toBe(
      "2026-03-09T07:00:00.000Z",
    );
  });
  it("knows IANA zone names and nothing else", () => {
    expect(isTimeZone("Europe/Moscow")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
  it("starts ranges at local today, Monday and the 1st", () => {
    const now = Date.UTC(2026, 10, 22, 12, 0); // Sunday 22 Nov 2026
    expect(new Date(rangeStart("today", now, "UTC")).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(new Date(rangeStart("week", now, "UTC")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(new Date(rangeStart("month", now, "Europe/Moscow")).toISOString()).toBe("2026-10-31T21:00:00.000Z");
    expect(rangeStart("24h", now, "UTC")).toBe(now - 86_400_000);
  });

  it("finds a zone's offset changes to the second, and none where there are none", () => {
    const H = 3_600_000;
    // Berlin: +1 until 29 March 2026 01:00 UTC, +2 until 25 October 01:00 UTC.
    const span = offsetSpan("Europe/Berlin", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(span.first).toBe(H);
    expect(span.changes).toEqual([
      { at: Date.UTC(2026, 2, 29, 1), offset: 2 * H },
      { at: Date.UTC(2026, 9, 25, 1), offset: H },
    ]);
    // Kolkata has kept +5:30 since 1945; Moscow +3 since 2014.
    expect(offsetSpan("Asia/Kolkata", Date.UTC(2016, 0, 1), Date.UTC(2026, 0, 1))).toEqual({
      first: 5.5 * H,
      changes: [],
    });
    expect(offsetSpan("Europe/Moscow", Date.UTC(2014, 0, 1), Date.UTC(2015, 0, 1)).changes).toEqual([
      { at: Date.UTC(2014, 9, 25, 22), offset: 3 * H },
    ]);
    // A span inside a year sees only its own changes.
    expect(offsetSpan("Europe/Berlin", Date.UTC(2026, 3, 1), Date.UTC(2026, 8, 1)).changes).toEqual([]);
    expect(utcOffset(Date.UTC(2026, 5, 1), "America/New_York")).toBe(-4 * H);
  });
  it("starts a day whose midnight is skipped when the clocks land in it", () => {
    // Santiago springs forward at 00:00 on 6 September 2026 (−4 → −3): the day begins at 04:00 UTC.
    expect(new Date(startOfLocalDay(2026, 9, 6, "America/Santiago")).toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(new Date(rangeStart("today", Date.UTC(2026, 8, 6, 15), "America/Santiago")).toISOString()).toBe(
      "2026-09-06T04:00:00.000Z",
    );
    // An ordinary day is its midnight.
    expect(new Date(startOfLocalDay(2026, 9, 7, "America/Santiago")).toISOString()).toBe("2026-09-07T03:00:00.000Z");
  });
  it("numbers local days and prints them", () => {
    // 23:30 UTC on 28 March is 00:30 on the 29th in Berlin.
    const day = localDayNumber(Date.UTC(2026, 2, 28, 23, 30), "Europe/Berlin");
    expect(dayNumberToDate(day)).toBe("2026-03-29");
    expect(dayNumberToDate(localDayNumber(Date.UTC(1969, 11, 31, 23, 0), "UTC"))).toBe("1969-12-31");
  });
});
