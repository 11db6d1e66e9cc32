import { describe, expect, it } from "vitest";
import { bytesPerUser, databasesFor, firstLimit, LIMITS, TYPICAL_USER, usersPerDatabase } from "./scale-plan.ts";

describe("the scale plan's arithmetic", () => {
  it("adds each table's rows times its bytes a row", () => {
    expect(bytesPerUser({ entries: 1000, entry_tags: 3000 }, { entries: 180, entry_tags: 46, people: 120 })).toBe(
      318_000,
    );
  });

  it("refuses a table with no measured size", () => {
    expect(() => bytesPerUser({ entries: 10, steps: 1 }, { entries: 180 })).toThrow("steps");
    expect(() => bytesPerUser({ entries: 10 }, { entries: Number.NaN })).toThrow("entries");
  });

  it("counts whole users to a 10 GB database", () => {
    expect(LIMITS.d1DatabaseBytes.value).toBe(10_000_000_000);
    expect(usersPerDatabase(2_000_000)).toBe(5000);
    expect(usersPerDatabase(3_000_000)).toBe(3333);
    expect(usersPerDatabase(3_000_000, 1_000_000_000)).toBe(333);
    expect(() => usersPerDatabase(0)).toThrow();
  });

  it("needs a database more for the users one short of whole", () => {
    expect(databasesFor(1_000_000, 2_000_000)).toBe(200);
    expect(databasesFor(1_000_000, 3_000_000)).toBe(301); // 3,333 a database: 300 hold 999,900
    expect(databasesFor(1, 3_000_000)).toBe(1);
  });

  it("names the limit reached with the fewest users", () => {
    const limits = [
      { name: "writes", users: 16_000_000 },
      { name: "storage", users: 4935 },
      { name: "account", users: 493_592 },
    ];
    expect(firstLimit(limits).name).toBe("storage");
    expect(() => firstLimit([])).toThrow();
  });

  it("sizes the typical user as it says: 3 entries a day for 5 years, 3 tags and 1 metric each", () => {
    expect(TYPICAL_USER.rows.entries).toBe(5475);
    expect(TYPICAL_USER.rows.entry_tags).toBe(16_425);
    expect(TYPICAL_USER.rows.entry_metrics).toBe(5475);
  });
});
