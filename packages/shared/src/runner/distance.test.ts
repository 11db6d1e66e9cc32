import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_M, formatDistance, greatCircleMeters, routeMeters } from "./distance.ts";
import type { RunPosition } from "./session.ts";

const at = (latitude: number, longitude: number, segment?: number): RunPosition => ({
  latitude,
  longitude,
  timestamp: 0,
  speed: null,
  ...(segment === undefined ? {} : { segment }),
});

describe("greatCircleMeters", () => {
  it("measures an arc of a meridian as R·Δφ", () => {
    const degree = (EARTH_RADIUS_M * Math.PI) / 180;
    expect(greatCircleMeters(at(0, 0), at(1, 0))).toBeCloseTo(degree, 6);
    expect(greatCircleMeters(at(45, 10), at(46.5, 10))).toBeCloseTo(1.5 * degree, 6);
    expect(greatCircleMeters(at(-10, -70), at(-12, -70))).toBeCloseTo(2 * degree, 6);
    // 1 km north is 1000/R radians.
    expect(greatCircleMeters(at(55, 37), at(55 + (1000 / EARTH_RADIUS_M) * (180 / Math.PI), 37))).toBeCloseTo(1000, 6);
  });
  it("matches known city distances within 0.5 %", () => {
    const london = at(51.5074, -0.1278);
    const paris = at(48.8566, 2.3522);
    expect(greatCircleMeters(london, paris) / 343_500).toBeCloseTo(1, 2);
    expect(Math.abs(greatCircleMeters(london, paris) / 343_500 - 1)).toBeLessThan(0.005);
    const newYork = at(40.7128, -74.006);
    const losAngeles = at(34.0522, -118.2437);
    expect(Math.abs(greatCircleMeters(newYork, losAngeles) / 3_936_000 - 1)).toBeLessThan(0.005);
  });
  it("is symmetric and zero for one point", () => {
    expect(greatCircleMeters(at(10, 20), at(10, 20))).toBe(0);
    expect(greatCircleMeters(at(10, 20), at(-5, 21))).toBeCloseTo(greatCircleMeters(at(-5, 21), at(10, 20)), 9);
  });
});

describe("routeMeters", () => {
  const step = (1000 / EARTH_RADIUS_M) * (180 / Math.PI);
  it("sums the legs of one segment, and of positions without a segment", () => {
    expect(routeMeters([at(0, 0), at(step, 0), at(2 * step, 0)])).toBeCloseTo(2000, 6);
    expect(routeMeters([at(0, 0, 0), at(step, 0, 0)])).toBeCloseTo(1000, 6);
    expect(routeMeters([at(0, 0)])).toBe(0);
    expect(routeMeters([])).toBe(0);
  });
  it("leaves out the way between segments (a pause)", () => {
    // 1 km, then 5 km covered while paused, then 1 km more.
    const route = [at(0, 0, 0), at(step, 0, 0), at(6 * step, 0, 1), at(7 * step, 0, 1)];
    expect(routeMeters(route)).toBeCloseTo(2000, 6);
  });
});

describe("formatDistance", () => {
  const shown = (m: number, locale = "en") => {
    const { value, unit } = formatDistance(m, locale);
    return `${value} ${unit}`;
  };
  it("shows whole metres below 1000, never rounding up to 1000 m", () => {
    expect(shown(0)).toBe("0 m");
    expect(shown(12.4)).toBe("12 m");
    expect(shown(12.7)).toBe("13 m");
    expect(shown(199.999_999_9)).toBe("200 m");
    expect(shown(999)).toBe("999 m");
    expect(shown(999.4)).toBe("999 m");
    expect(shown(999.6)).toBe("999 m");
    expect(shown(999.99)).toBe("999 m");
  });
  it("shows km with 2 decimals from 1000 m", () => {
    expect(shown(1000)).toBe("1.00 km");
    expect(shown(1004.9)).toBe("1.00 km");
    expect(shown(1234.4)).toBe("1.23 km");
    expect(shown(2000)).toBe("2.00 km");
    expect(shown(42_195)).toBe("42.20 km");
    expect(shown(1_234_560)).toBe("1,234.56 km");
  });
  it("uses the reader's number format", () => {
    expect(shown(1500, "ru")).toBe("1,50 km");
    expect(shown(999.9, "ru")).toBe("999 m");
  });
  it("reads nonsense as nothing covered", () => {
    expect(shown(-5)).toBe("0 m");
    expect(shown(Number.NaN)).toBe("0 m");
  });
});
