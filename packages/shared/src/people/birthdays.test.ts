import { describe, expect, it } from "vitest";
import { ageOn, birthdayIn, birthdaysBetween, latestToday, nextBirthday } from "./birthdays.ts";

describe("the latest today on Earth", () => {
  it("is the date at UTC+14, a day ahead of UTC from 10:00 UTC on", () => {
    expect(latestToday(Date.parse("2026-11-26T09:59:59Z"))).toBe("2026-11-26");
    expect(latestToday(Date.parse("2026-11-26T10:00:00Z"))).toBe("2026-11-27");
    expect(latestToday(Date.parse("2026-12-31T23:00:00Z"))).toBe("2027-01-01");
  });
});

describe("birthdays", () => {
  it("falls on 28 February in common years for someone born on 29 February", () => {
    expect(birthdayIn("2000-02-29", 2024)).toBe("2024-02-29");
    expect(birthdayIn("2000-02-29", 2025)).toBe("2025-02-28");
    expect(birthdayIn("2000-02-29", 2100)).toBe("2100-02-28");
    expect(birthdayIn("1990-07-04", 2025)).toBe("2025-07-04");
  });

  it("counts full years, the birthday itself reached", () => {
    expect(ageOn("1990-07-04", "2025-07-03")).toBe(34);
    expect(ageOn("1990-07-04", "2025-07-04")).toBe(35);
    expect(ageOn("2000-02-29", "2025-02-27")).toBe(24);
    expect(ageOn("2000-02-29", "2025-02-28")).toBe(25);
    expect(ageOn("2000-02-29", "2024-02-28")).toBe(23);
    expect(ageOn("2000-02-29", "2024-02-29")).toBe(24);
  });

  it("finds the next birthday and the age it brings, today included", () => {
    expect(nextBirthday("1990-07-04", "2025-07-04")).toEqual({ date: "2025-07-04", age: 35, inDays: 0 });
    expect(nextBirthday("1990-07-04", "2025-07-05")).toEqual({ date: "2026-07-04", age: 36, inDays: 364 });
    expect(nextBirthday("1990-12-31", "2025-01-01")).toEqual({ date: "2025-12-31", age: 35, inDays: 364 });
    expect(nextBirthday("2000-02-29", "2025-03-01")).toEqual({ date: "2026-02-28", age: 26, inDays: 364 });
    expect(nextBirthday("2000-02-29", "2027-03-01")).toEqual({ date: "2028-02-29", age: 28, inDays: 365 });
    expect(nextBirthday("2030-01-01", "2025-01-01")).toBeNull();
  });

  it("lists the birthdays of a span across a year boundary, none before the first", () => {
    expect(birthdaysBetween("1990-01-02", "2024-12-01", "2026-01-31")).toEqual([
      { date: "2025-01-02", age: 35 },
      { date: "2026-01-02", age: 36 },
    ]);
    expect(birthdaysBetween("2025-06-01", "2025-01-01", "2026-12-31")).toEqual([{ date: "2026-06-01", age: 1 }]);
    expect(birthdaysBetween("2000-02-29", "2025-02-01", "2025-02-28")).toEqual([{ date: "2025-02-28", age: 25 }]);
    expect(birthdaysBetween("2000-02-29", "2025-03-01", "2025-03-31")).toEqual([]);
  });
});
