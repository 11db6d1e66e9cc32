import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration } from "./duration.ts";

describe("parseDuration", () => {
  it("reads units in any order and case, and bare seconds", () => {
    expect(parseDuration("1h 30m 5s")).toBe(5405);
    expect(parseDuration("5s 1H")).toBe(3605);
    expect(parseDuration("  2d   3m ")).toBe(2 * 86400 + 180);
    expect(parseDuration("90")).toBe(90);
    expect(parseDuration("0s")).toBe(0);
  });
  it("refuses what is not a duration", () => {
    for (const bad of ["", "  ", "5x", "1h1h", "1h 1h", "h", "-5s", "1.5h", "1 h", "abc"])
      expect(parseDuration(bad), bad).toBeNull();
  });
});

describe("formatDuration", () => {
  it("leaves zero parts out", () => {
    expect(formatDuration(5405)).toBe("1h 30m 5s");
    expect(formatDuration(3600)).toBe("1h");
    expect(formatDuration(86_400 + 59)).toBe("1d 59s");
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(59.6)).toBe("1m");
  });
  it("writes the units in the reader's language (no '6h 20m' on a Russian page)", () => {
    expect(formatDuration(22_800, "ru")).toBe("6 ч 20 мин");
    expect(formatDuration(3595, "ru")).toBe("59 мин 55 с");
    expect(formatDuration(2 * 86_400 + 5, "ru")).toBe("2 д. 5 с");
    expect(formatDuration(0, "ru")).toBe("0 с");
    expect(formatDuration(22_800, "en")).toBe("6h 20m");
  });
  it("round-trips with parseDuration", () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const n = next() % 100_000_000;
      expect(parseDuration(formatDuration(n))).toBe(n);
    }
  });
});
