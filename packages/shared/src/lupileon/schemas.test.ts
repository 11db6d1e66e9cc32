import { describe, expect, it } from "vitest";
import { parseMoment } from "./schemas.ts";

describe("a {date} parameter", () => {
  it("reads a date as noon UTC of that day", () => {
    expect(parseMoment("2024-03-20")).toEqual({
      at: new Date("2024-03-20T12:00:00Z"),
      day: "2024-03-20",
      exact: false,
    });
  });

  it("reads a date-time with its zone as that moment, on its UTC day", () => {
    expect(parseMoment("2024-03-20T03:06:00Z")).toEqual({
      at: new Date("2024-03-20T03:06:00Z"),
      day: "2024-03-20",
      exact: true,
    });
    expect(parseMoment("2024-03-20T01:30:00.250+02:00")).toEqual({
      at: new Date("2024-03-19T23:30:00.250Z"),
      day: "2024-03-19",
      exact: true,
    });
    expect(parseMoment("2024-03-20T03:06Z")?.at).toEqual(new Date("2024-03-20T03:06:00Z"));
  });

  it("serves the years 1000 to 3000", () => {
    expect(parseMoment("1000-01-01")?.day).toBe("1000-01-01");
    expect(parseMoment("3000-12-31")?.day).toBe("3000-12-31");
    expect(parseMoment("0999-12-31")).toBeNull();
    expect(parseMoment("3001-01-01")).toBeNull();
  });

  it("refuses what is not a real day or moment", () => {
    for (const text of [
      "",
      "yesterday",
      "2024-02-30",
      "2023-02-29",
      "2024-13-01",
      "20240320",
      "2024-03-20T03:06",
      "2024-03-20T25:00:00Z",
      "2024-03-20 03:06:00Z",
      "2024-03-20T03:06:00+2",
    ])
      expect(parseMoment(text), text).toBeNull();
  });
});
