import { describe, expect, it } from "vitest";
import {
  averageRanks,
  benjaminiHochberg,
  betaInc,
  lnGamma,
  rankSums,
  spearman,
  tCdf,
  tQuantile,
  tTwoSided,
  welch,
} from "./statistics.ts";

// Every expected value is SciPy's (scripts/reference/insights.py prints them), not this code run again.
describe("Student's t", () => {
  it.each([
    [2.0, 5, 0.9490302605850708],
    [-1.3, 2.5, 0.15024339463535416],
    [0.5, 118, 0.6909968884365371],
    [3.7, 30.25, 0.9995715832866129],
    [10, 3, 0.9989358004707929],
  ])("the CDF at t = %d with %d degrees of freedom is SciPy's", (t, df, expected) => {
    expect(tCdf(t, df)).toBeCloseTo(expected, 12);
  });

  it.each([
    [0.975, 118, 1.980272249272974],
    [0.975, 1, 12.706204736174694],
    [0.975, 7.3, 2.345066736547703],
    [0.9, 40, 1.3030770526071949],
    [0.975, 1000, 1.9623390808264083],
  ])("the quantile of %d with %d degrees of freedom is SciPy's", (p, df, expected) => {
    expect(tQuantile(p, df)).toBeCloseTo(expected, 10);
    expect(tQuantile(1 - p, df)).toBeCloseTo(-expected, 10);
  });

  it("keeps tiny tails to their own digits (a two-sided p of 4.714e-43 at t = 31.37, 118 df)", () => {
    // The t of 60 days of 4–5 against 60 of 2–3: 2 / sqrt(2 · (15/59) / 60).
    const t = 2 / Math.sqrt((2 * (15 / 59)) / 60);
    expect(tTwoSided(t, 118) / 4.714151098472836e-43).toBeCloseTo(1, 8);
  });

  it("has the gamma and beta functions' known values", () => {
    expect(lnGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(lnGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 13);
    // I_x(1, 1) = x; I_x(2, 1) = x².
    expect(betaInc(0.3, 1, 1)).toBeCloseTo(0.3, 14);
    expect(betaInc(0.3, 2, 1)).toBeCloseTo(0.09, 14);
  });
});

describe("Welch's test", () => {
  it("gives SciPy's interval and p for 60 days of 4–5 against 60 of 2–3", () => {
    // 30 fives and 30 fours: sum 270, squares 30·25 + 30·16 = 1230; 30 threes and 30 twos: 150, 390.
    const c = welch({ n: 60, sum: 270, squares: 1230 }, { n: 60, sum: 150, squares: 390 });
    expect(c.withMean).toBe(4.5);
    expect(c.withoutMean).toBe(2.5);
    expect(c.difference).toBe(2);
    expect(c.low).toBeCloseTo(1.8177011630790878, 12);
    expect(c.high).toBeCloseTo(2.182298836920912, 12);
    expect(c.p / 4.714151098472836e-43).toBeCloseTo(1, 8);
  });

  it("compares two sides without any spread exactly", () => {
    expect(welch({ n: 10, sum: 40, squares: 160 }, { n: 10, sum: 40, squares: 160 })).toMatchObject({
      p: 1,
      low: 0,
      high: 0,
    });
    expect(welch({ n: 10, sum: 50, squares: 250 }, { n: 10, sum: 40, squares: 160 })).toMatchObject({
      p: 0,
      low: 1,
      high: 1,
    });
  });
});

describe("Spearman's rho", () => {
  it("ranks ties by their average rank, as SciPy's rankdata", () => {
    // rankdata([3, 1, 4, 1, 5, 9, 2, 6, 5]) = [4, 1.5, 5, 1.5, 6.5, 9, 3, 8, 6.5].
    expect(averageRanks([3, 1, 4, 1, 5, 9, 2, 6, 5])).toEqual([4, 1.5, 5, 1.5, 6.5, 9, 3, 8, 6.5]);
  });

  it("gives SciPy's rho, p and Fieller's interval for tied pairs", () => {
    // spearmanr(x, y) with x = [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10], y = [2, 1, 3, 3, 4, 3, 5, 4, 5, 5, 4, 5].
    const x = [1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10];
    const y = [2, 1, 3, 3, 4, 3, 5, 4, 5, 5, 4, 5];
    const s = spearman(rankSums(x, y));
    expect(s.rho).toBeCloseTo(0.8064982851304991, 12);
    expect(s.p).toBeCloseTo(0.0015283507432740657, 12);
    expect(s.low).toBeCloseTo(0.4171975123366608, 12);
    expect(s.high).toBeCloseTo(0.9457146475379133, 12);
  });

  it("is 1 for ranks in the same order, with p 0", () => {
    // Ranks 1…10 on both sides: Σ = 55, Σ² = 385.
    const s = spearman({ n: 10, x: 55, y: 55, xx: 385, yy: 385, xy: 385 });
    expect(s.rho).toBe(1);
    expect(s.p).toBe(0);
  });

  it("is 0, p 1, when one side is all ties", () => {
    // Every y ties at rank 5.5.
    expect(spearman({ n: 10, x: 55, y: 55, xx: 385, yy: 302.5, xy: 302.5 })).toMatchObject({ rho: 0, p: 1 });
  });
});

describe("Benjamini–Hochberg", () => {
  it("adjusts as SciPy's false_discovery_control", () => {
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.2, 0.001, 0.049]);
    [0.03, 0.0588, 0.0588, 0.2, 0.006, 0.0588].forEach((expected, i) => {
      expect(q[i]).toBeCloseTo(expected, 14);
    });
  });
});
