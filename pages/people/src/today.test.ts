import { describe, expect, it } from "vitest";
import { formatDay, localToday } from "./today.ts";

describe("dates on the people page", () => {
  it("takes today from the local clock's parts", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 30))).toBe("2026-01-05");
    expect(localToday(new Date(2026, 11, 31, 23, 59))).toBe("2026-12-31");
  });

  it("prints a calendar date in the reader's language, never a day off", () => {
    expect(formatDay("1815-12-10", "en", { dateStyle: "long" })).toBe("December 10, 1815");
    expect(formatDay("1815-12-10", "ru", { dateStyle: "long" })).toBe("10 декабря 1815 г.");
    expect(formatDay("2026-01-01", "en", { day: "numeric", month: "short" })).toBe("Jan 1");
  });
});
