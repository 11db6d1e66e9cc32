import { describe, expect, it } from "vitest";
import { DATE_TIME_TEXT_MAX, parseDateTime } from "./date-time.ts";

describe("ISO date-times, read strictly", () => {
  it("reads the forms a client writes, with Z or an offset", () => {
    expect(parseDateTime("2026-03-05T12:00:00.000Z")).toBe(Date.UTC(2026, 2, 5, 12));
    expect(parseDateTime("2026-03-05T12:00Z")).toBe(Date.UTC(2026, 2, 5, 12));
    // 01:30 at +02:00 is 23:30 UTC the day before.
    expect(parseDateTime("2026-03-05T01:30:00+02:00")).toBe(Date.UTC(2026, 2, 4, 23, 30));
    expect(parseDateTime("2024-02-29T23:59:59.999999999-23:59")).toBe(Date.UTC(2024, 2, 1, 23, 58, 59, 999));
    expect("2024-02-29T23:59:59.999999999-23:59".length).toBe(DATE_TIME_TEXT_MAX);
  });

  it("refuses a day that does not exist, which Date.parse moves to the next month", () => {
    for (const text of ["2024-02-30T00:00:00Z", "2023-02-29T12:00:00Z", "2025-04-31T00:00:00Z", "2025-13-01T00:00Z"])
      expect(parseDateTime(text), text).toBeNull();
  });

  it("refuses a time or an offset out of range, and every other form Date.parse takes", () => {
    for (const text of [
      "2024-01-01T24:00:00Z",
      "2024-01-01T23:60:00Z",
      "2024-01-01T23:59:60Z",
      "2024-01-01T10:00:00+24:00",
      "2024-01-01T10:00:00+01:60",
      "2024-01-01T10:00:00",
      "2024-01-01 10:00:00Z",
      "2024-01-01",
      "+275760-09-13T00:00:00Z",
      "March 7, 2024",
      "1",
      "2024-01-01T10:00:00Z\u0000",
      "",
    ])
      expect(parseDateTime(text), text).toBeNull();
  });
});
