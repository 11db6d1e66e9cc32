import { describe, expect, it } from "vitest";
import { isTimeZone, rangeStart, zonedParts, zonedTimeToMs } from "./time-zone.ts";

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
});
