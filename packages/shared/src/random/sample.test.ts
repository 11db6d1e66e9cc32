import { describe, expect, it } from "vitest";
import {
  cryptoWords,
  drawDistinct,
  randomBit,
  randomDistinctInts,
  randomInt,
  randomInts,
  type Words,
} from "./sample.ts";
import { seededWords } from "./seeded-words.ts";

/** Words handed out in the given order, over and over. */
function words(...list: number[]): Words {
  let i = 0;
  return { next: () => list[i++ % list.length] as number };
}

/** Pearson's chi-square statistic of observed counts against equal expectations. */
function chiSquare(counts: number[]) {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

// Critical values at p = 0.001: a fair sampler on a seeded source stays below them (and would, on 999 seeds in 1000).
const CHI2_CRITICAL_2DF = 13.816;
const CHI2_CRITICAL_6DF = 22.458;

describe("randomInt", () => {
  it("rejects the words of the incomplete last block instead of folding them onto low values", () => {
    // span 3: 2^32 % 3 = 1, so the one word 2^32 - 1 would make 0 more likely; it is drawn again.
    expect(randomInt(0, 2, words(2 ** 32 - 1, 5))).toBe(2);
    // span 3·2^30: the words from 3·2^30 up are refused; the next word decides.
    expect(randomInt(0, 3 * 2 ** 30 - 1, words(3 * 2 ** 30, 3 * 2 ** 30 + 7, 12))).toBe(12);
    expect(randomInt(10, 12, words(0))).toBe(10);
    expect(randomInt(-5, -5, words(123456))).toBe(-5);
  });

  it("covers the whole 2^32 range with one word and no rejection", () => {
    expect(randomInt(0, 2 ** 32 - 1, words(2 ** 32 - 1))).toBe(2 ** 32 - 1);
    expect(randomInt(-(2 ** 31), 2 ** 31 - 1, words(0))).toBe(-(2 ** 31));
  });

  it("refuses ranges it cannot draw from fairly", () => {
    expect(() => randomInt(2, 1)).toThrow(RangeError);
    expect(() => randomInt(0.5, 3)).toThrow(RangeError);
    expect(() => randomInt(0, 2 ** 32)).toThrow(RangeError);
  });

  it("is uniform over a range that does not divide 2^32 (chi-square, 7 values, 70,000 draws)", () => {
    const counts = Array(7).fill(0) as number[];
    for (const n of randomInts(70_000, 1, 7, seededWords(1))) counts[n - 1]!++;
    expect(counts.every((c) => c > 0)).toBe(true);
    expect(chiSquare(counts)).toBeLessThan(CHI2_CRITICAL_6DF);
  });

  it("shows no modulo bias where plain `u % span` would show a large one (span 3·2^30, thirds)", () => {
    const span = 3 * 2 ** 30;
    const thirds = (draw: () => number) => {
      const counts = [0, 0, 0];
      for (let i = 0; i < 30_000; i++) counts[Math.floor(draw() / 2 ** 30)]!++;
      return chiSquare(counts);
    };
    const stream = seededWords(2);
    const naive = () => stream.next() % span;
    // The test can see the bias: plain modulo puts half the draws in the first third.
    expect(thirds(naive)).toBeGreaterThan(1000);
    const words = seededWords(3);
    expect(thirds(() => randomInt(0, span - 1, words))).toBeLessThan(CHI2_CRITICAL_2DF);
  });
});

describe("cryptoWords", () => {
  it("hands out fresh words across its batches, each bit fair", () => {
    const stream = cryptoWords(8);
    const seen = Array.from({ length: 4000 }, () => stream.next());
    expect(new Set(seen).size).toBeGreaterThan(3990);
    for (const w of seen) expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    // Every bit position is set about half the time (4000 words: 2000 ± 6σ).
    for (let bit = 0; bit < 32; bit++) {
      const ones = seen.filter((w) => (w >>> bit) & 1).length;
      expect(Math.abs(ones - 2000)).toBeLessThan(190);
    }
  });
});

describe("randomBit", () => {
  it("is a fair coin (chi-square, 20,000 flips)", () => {
    const counts = [0, 0];
    const words = seededWords(4);
    for (let i = 0; i < 20_000; i++) counts[randomBit(words) ? 1 : 0]!++;
    expect(chiSquare(counts)).toBeLessThan(10.828);
  });
});

describe("drawDistinct", () => {
  it("never repeats and stays within [0, size)", () => {
    for (let i = 0; i < 2_000; i++) {
      const drawn = drawDistinct(3, 78);
      expect(new Set(drawn).size).toBe(3);
      for (const n of drawn) expect(n >= 0 && n < 78 && Number.isInteger(n)).toBe(true);
    }
    expect(drawDistinct(78, 78).sort((a, b) => a - b)).toEqual(Array.from({ length: 78 }, (_, i) => i));
    expect(drawDistinct(0, 78)).toEqual([]);
  });

  it("gives every card the same chance to come first (chi-square, 78 cards, 78,000 draws)", () => {
    const counts = Array(78).fill(0) as number[];
    const words = seededWords(5);
    for (let i = 0; i < 78_000; i++) counts[drawDistinct(1, 78, words)[0] as number]!++;
    // 77 degrees of freedom: the critical value at p = 0.001 is 124.84.
    expect(chiSquare(counts)).toBeLessThan(124.84);
  });

  it("refuses to draw more than there is", () => {
    expect(() => drawDistinct(4, 3)).toThrow(RangeError);
    expect(() => drawDistinct(-1, 3)).toThrow(RangeError);
  });
});

describe("randomDistinctInts", () => {
  it("draws distinct numbers within the bounds, even from a range far wider than the count", () => {
    for (let i = 0; i < 500; i++) {
      const drawn = randomDistinctInts(10, -1_000_000_000, 1_000_000_000);
      expect(new Set(drawn).size).toBe(10);
      for (const n of drawn) expect(n >= -1_000_000_000 && n <= 1_000_000_000 && Number.isInteger(n)).toBe(true);
    }
    expect(randomDistinctInts(5, 3, 7).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
    expect(() => randomDistinctInts(6, 3, 7)).toThrow(RangeError);
  });

  it("gives every number the same chance to be among those drawn (chi-square, 3 of 9, 30,000 draws)", () => {
    const counts = Array(9).fill(0) as number[];
    const words = seededWords(6);
    for (let i = 0; i < 30_000; i++) for (const n of randomDistinctInts(3, 1, 9, words)) counts[n - 1]!++;
    expect(chiSquare(counts)).toBeLessThan(26.125); // 8 degrees of freedom, p = 0.001
  });

  it("puts them in random order: each number is as likely first as any other", () => {
    const first = Array(5).fill(0) as number[];
    const words = seededWords(7);
    for (let i = 0; i < 25_000; i++) first[randomDistinctInts(5, 0, 4, words)[0] as number]!++;
    expect(chiSquare(first)).toBeLessThan(18.467); // 4 degrees of freedom, p = 0.001
  });
});
