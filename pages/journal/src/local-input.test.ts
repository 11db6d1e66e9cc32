import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "./local-input.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("a datetime-local value in the profile's zone, not the browser's", () => {
  it("shows an instant as the zone's wall clock", () => {
    // 20:00 UTC on 10 March 2026: 09:00 on the 11th in Auckland (NZDT), 16:00 on the 10th in New York (EDT).
    expect(toLocalInput("2026-03-10T20:00:00Z", "Pacific/Auckland")).toBe("2026-03-11T09:00");
    expect(toLocalInput("2026-03-10T20:00:00Z", "America/New_York")).toBe("2026-03-10T16:00");
    expect(toLocalInput(Date.UTC(1905, 0, 1, 0, 0), "UTC")).toBe("1905-01-01T00:00");
  });

  it("reads a wall clock in the zone as its instant", () => {
    expect(iso(fromLocalInput("2026-03-11T09:00", "Pacific/Auckland"))).toBe("2026-03-10T20:00:00.000Z");
    expect(iso(fromLocalInput("2026-03-11T09:00", "America/New_York"))).toBe("2026-03-11T13:00:00.000Z");
    expect(iso(fromLocalInput("2026-07-01T12:30", "Asia/Kathmandu"))).toBe("2026-07-01T06:45:00.000Z");
  });

  it("moves a wall time in a DST gap forward, and takes the earlier of an overlap's two", () => {
    // New York springs forward at 02:00 on 8 March 2026: 02:30 does not happen; it reads as 03:30 EDT.
    expect(iso(fromLocalInput("2026-03-08T02:30", "America/New_York"))).toBe("2026-03-08T07:30:00.000Z");
    // It falls back at 02:00 on 1 November 2026: 01:30 happens twice; the first is EDT.
    expect(iso(fromLocalInput("2026-11-01T01:30", "America/New_York"))).toBe("2026-11-01T05:30:00.000Z");
    // Auckland springs forward at 02:00 on 27 September 2026 and falls back at 03:00 on 5 April 2026.
    expect(iso(fromLocalInput("2026-09-27T02:15", "Pacific/Auckland"))).toBe("2026-09-26T14:15:00.000Z");
    expect(iso(fromLocalInput("2026-04-05T02:30", "Pacific/Auckland"))).toBe("2026-04-04T13:30:00.000Z");
  });

  it("reads back every wall time it shows as that wall time", () => {
    for (const zone of ["Pacific/Auckland", "America/New_York", "Europe/Moscow", "Australia/Lord_Howe"])
      for (let ms = Date.UTC(2026, 2, 1); ms < Date.UTC(2026, 11, 1); ms += 3 * 3_600_000 + 17 * 60_000) {
        const shown = toLocalInput(ms, zone);
        expect(toLocalInput(fromLocalInput(shown, zone) ?? 0, zone)).toBe(shown);
      }
  });

  it("reads nothing from an empty or impossible value", () => {
    expect(fromLocalInput("", "UTC")).toBeNull();
    expect(fromLocalInput("2026-02-30T10:00", "UTC")).toBeNull();
    expect(fromLocalInput("2026-02-03T25:00", "UTC")).toBeNull();
    expect(fromLocalInput("soon", "UTC")).toBeNull();
  });
});
