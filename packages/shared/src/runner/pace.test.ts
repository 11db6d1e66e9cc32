import { describe, expect, it } from "vitest";
import { averagePace, formatMinSec, formatPace, PACE_FROM_SPEED, paceBetween, paceFromSpeed } from "./pace.ts";

describe("paceFromSpeed", () => {
  it("is 16.6667 divided by the speed", () => {
    expect(paceFromSpeed(1)).toBe(PACE_FROM_SPEED);
    expect(paceFromSpeed(PACE_FROM_SPEED / 5)).toBeCloseTo(5, 9);
    expect(paceFromSpeed(2.5)).toBeCloseTo(6.66668, 9);
    // 10 km/h is a 6-minute km.
    expect(formatPace(paceFromSpeed(10 / 3.6))).toBe("6:00");
  });
  it("is unknown for no speed, zero, negative or not a number", () => {
    for (const speed of [0, null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(paceFromSpeed(speed), String(speed)).toBeNull();
  });
});

describe("averagePace", () => {
  it("is (duration / 60) / (distance / 1000) min/km", () => {
    expect(averagePace(600, 2000)).toBe(5);
    expect(averagePace(1800, 5000)).toBe(6);
    expect(averagePace(0, 1000)).toBe(0);
    expect(averagePace(3 * 3600 + 30 * 60, 42_195)).toBeCloseTo(4.977, 3);
  });
  it("is unknown with no distance", () => {
    expect(averagePace(600, 0)).toBeNull();
    expect(averagePace(0, 0)).toBeNull();
    expect(averagePace(600, Number.NaN)).toBeNull();
  });
});

describe("paceBetween", () => {
  const p = (latitude: number, timestamp: number) => ({ latitude, longitude: 0, timestamp, speed: null });
  it("takes the distance over the time between two positions", () => {
    // 1/60 of a degree of latitude is about 1853 m.
    const pace = paceBetween(p(0, 0), p(1 / 60, 600_000));
    expect(pace).toBeCloseTo(10 / 1.853, 2);
  });
  it("is unknown without time or distance between them", () => {
    expect(paceBetween(p(0, 1000), p(0.01, 1000))).toBeNull();
    expect(paceBetween(p(0, 1000), p(0.01, 500))).toBeNull();
    expect(paceBetween(p(0, 0), p(0, 60_000))).toBeNull();
  });
});

describe("formatPace and formatMinSec", () => {
  it("shows m:ss", () => {
    expect(formatPace(5)).toBe("5:00");
    expect(formatPace(5.5)).toBe("5:30");
    expect(formatPace(4 + 59.6 / 60)).toBe("5:00");
    expect(formatPace(0.5)).toBe("0:30");
    expect(formatPace(75)).toBe("75:00");
    expect(formatMinSec(61)).toBe("1:01");
    expect(formatMinSec(3600)).toBe("60:00");
  });
  it("shows a dash when unknown", () => {
    expect(formatPace(null)).toBe("—");
    expect(formatPace(Number.POSITIVE_INFINITY)).toBe("—");
    expect(formatPace(Number.NaN)).toBe("—");
  });
});
