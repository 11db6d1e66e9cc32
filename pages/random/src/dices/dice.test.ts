import { seededWords } from "@nook/shared/random/seeded-words";
import { describe, expect, it } from "vitest";
import { DICE, dieOutline, HISTORY_MAX, parseChoice, parseHistory, remember, roll, rollTime, total } from "./dice.ts";

describe("dice", () => {
  it("rolls every face of every die, and nothing else (chi-square over a d6)", () => {
    for (const sides of DICE) {
      const seen = new Set(roll(sides, 10).values);
      for (const n of seen) expect(n >= 1 && n <= sides && Number.isInteger(n)).toBe(true);
    }
    // The count is drawn from seeded words (the same every run, as every chi-square test here): it checks the
    // roll's arithmetic; the crypto source's own fairness is sample.test.ts's.
    const words = seededWords(8);
    const counts = Array(6).fill(0) as number[];
    for (let i = 0; i < 6000; i++) for (const n of roll(6, 10, 0, words).values) counts[n - 1]!++;
    const expected = 60_000 / 6;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.515); // 5 degrees of freedom, p = 0.001
  });

  it("adds up the total and keeps the latest rolls, newest first", () => {
    expect(total({ sides: 6, values: [1, 5, 6], at: 0 })).toBe(12);
    let history: ReturnType<typeof remember> = [];
    for (let i = 0; i < HISTORY_MAX + 3; i++) history = remember(history, { sides: 20, values: [(i % 20) + 1], at: i });
    expect(history).toHaveLength(HISTORY_MAX);
    expect(history[0]?.at).toBe(HISTORY_MAX + 2);
    // Two rolls in the same millisecond still have their own times.
    const same = remember(remember([], { sides: 6, values: [1], at: 5 }), { sides: 6, values: [2], at: 5 });
    expect(same.map((r) => r.at)).toEqual([6, 5]);
  });

  it("reads back only rolls that could have happened", () => {
    const good = { sides: 6, values: [1, 6], at: 1 };
    expect(parseHistory([good, { sides: 6, values: [7], at: 2 }, { sides: 7, values: [1], at: 3 }, "x"])).toEqual([
      good,
    ]);
    expect(parseHistory({})).toBeUndefined();
    expect(parseChoice({ sides: 20, count: 3 })).toEqual({ sides: 20, count: 3 });
    expect(parseChoice({ sides: 20, count: 11 })).toBeUndefined();
  });

  it("draws each die's outline inside its box", () => {
    for (const sides of DICE) {
      const points = dieOutline(sides)
        .split(" ")
        .map((p) => p.split(",").map(Number));
      expect(points.length).toBeGreaterThanOrEqual(3);
      for (const [x, y] of points) expect(x! >= 0 && x! <= 100 && y! >= 0 && y! <= 100).toBe(true);
    }
  });

  it("says when a roll was thrown: the time today, the date too on another day, in the reader's zone", () => {
    // 23:30 UTC on 25 November 2026 is 12:30 on the 26th in Auckland, 18:30 on the 25th in New York.
    const at = Date.UTC(2026, 10, 25, 23, 30, 5);
    expect(rollTime(at, "2026-11-26", "Pacific/Auckland", "en-GB")).toBe("12:30:05");
    expect(rollTime(at, "2026-11-26", "America/New_York", "en-GB")).toBe("25 Nov, 18:30:05");
    expect(rollTime(at, "2026-11-26", "America/New_York", "ru")).toBe("25 нояб., 18:30:05");
    expect(rollTime(at, "2027-01-02", "America/New_York", "en-GB")).toBe("25 Nov 2026, 18:30:05");
  });
});
