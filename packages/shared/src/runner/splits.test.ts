import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_M } from "./distance.ts";
import type { RunPosition } from "./session.ts";
import { splits } from "./splits.ts";

/** Degrees of latitude for `m` metres along a meridian. */
const north = (m: number) => (m / EARTH_RADIUS_M) * (180 / Math.PI);

/** A walk due north: legs of `legM` metres taking `legS` seconds each, from `fromM` metres and `fromS` seconds. */
function walk(
  legs: number,
  legM: number,
  legS: number,
  { fromM = 0, fromS = 0, segment = undefined as number | undefined } = {},
) {
  const out: RunPosition[] = [];
  for (let i = 0; i <= legs; i++)
    out.push({
      latitude: north(fromM + i * legM),
      longitude: 10,
      timestamp: (fromS + i * legS) * 1000,
      speed: null,
      ...(segment === undefined ? {} : { segment }),
    });
  return out;
}

const rounded = (list: ReturnType<typeof splits>) =>
  list.map((s) => ({ index: s.index, meters: Number(s.meters.toFixed(3)), seconds: Number(s.seconds.toFixed(3)) }));

describe("splits", () => {
  it("gives one whole km for exactly 1 km, and no empty partial after it", () => {
    expect(rounded(splits(walk(20, 50, 15)))).toEqual([{ index: 1, meters: 1000, seconds: 300 }]);
  });
  it("gives only a partial km just under 1 km", () => {
    expect(rounded(splits(walk(10, 99.9, 30)))).toEqual([{ index: 1, meters: 999, seconds: 300 }]);
  });
  it("interpolates the instant a km is crossed mid-leg", () => {
    // 3 legs of 400 m, 120 s each: km 1 is crossed half-way through the third leg.
    expect(rounded(splits(walk(3, 400, 120)))).toEqual([
      { index: 1, meters: 1000, seconds: 300 },
      { index: 2, meters: 200, seconds: 60 },
    ]);
  });
  it("counts neither the way nor the time across a pause, over several km", () => {
    // 1.6 km at 5:00/km, then a pause: 10 minutes and 3 km away, then 1.6 km at 6:00/km.
    const before = walk(4, 400, 120, { segment: 0 });
    const after = walk(4, 400, 144, { fromM: 4600, fromS: 1080, segment: 1 });
    expect(rounded(splits([...before, ...after]))).toEqual([
      { index: 1, meters: 1000, seconds: 300 },
      // 600 m at 0.3 s/m, then 400 m at 0.36 s/m.
      { index: 2, meters: 1000, seconds: 324 },
      { index: 3, meters: 1000, seconds: 360 },
      { index: 4, meters: 200, seconds: 72 },
    ]);
  });
  it("reads positions without a segment (older data) as one segment", () => {
    const old = walk(4, 500, 150);
    expect(rounded(splits(old))).toEqual([
      { index: 1, meters: 1000, seconds: 300 },
      { index: 2, meters: 1000, seconds: 300 },
    ]);
  });
  it("gives nothing for no way covered", () => {
    expect(splits([])).toEqual([]);
    expect(splits(walk(0, 0, 0))).toEqual([]);
    expect(splits(walk(5, 0, 10))).toEqual([]);
  });
  it("never counts time backwards", () => {
    const [a, b] = walk(1, 1000, 300);
    expect(rounded(splits([a!, { ...b!, timestamp: -5000 }]))).toEqual([{ index: 1, meters: 1000, seconds: 0 }]);
  });
});
