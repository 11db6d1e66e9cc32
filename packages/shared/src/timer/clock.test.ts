import { describe, expect, it } from "vitest";
import { goalProgress, handAngles } from "./clock.ts";

describe("handAngles", () => {
  it("turns the second hand 6° a second, once a minute", () => {
    expect(handAngles(0).second).toBe(0);
    expect(handAngles(1).second).toBe(6);
    expect(handAngles(15).second).toBe(90);
    expect(handAngles(59).second).toBe(354);
    expect(handAngles(60).second).toBe(0);
    expect(handAngles(61.9).second).toBe(6);
  });
  it("moves the minute hand smoothly, an hour a turn, and the hour hand 12 h a turn", () => {
    expect(handAngles(30).minute).toBe(3);
    expect(handAngles(15 * 60).minute).toBe(90);
    expect(handAngles(3600).minute).toBe(0);
    expect(handAngles(3 * 3600).hour).toBe(90);
    expect(handAngles(12 * 3600).hour).toBe(0);
    expect(handAngles(-5)).toEqual({ second: 0, minute: 0, hour: 0 });
  });
});

describe("goalProgress", () => {
  const H = 3_600_000;
  it("is the share of the way from the start to the goal", () => {
    expect(goalProgress(0, H, 0)).toEqual({ fraction: 0, remainingMs: H, reached: false });
    expect(goalProgress(0, H, H / 4)).toEqual({ fraction: 0.25, remainingMs: 0.75 * H, reached: false });
  });
  it("is reached at the goal and after it, and at once for a goal at or before the start", () => {
    expect(goalProgress(0, H, H)).toEqual({ fraction: 1, remainingMs: 0, reached: true });
    expect(goalProgress(0, H, 2 * H).reached).toBe(true);
    expect(goalProgress(H, H, H).reached).toBe(true);
    expect(goalProgress(2 * H, H, 2 * H).fraction).toBe(1);
  });
  it("does not go below zero for a clock before the start", () => {
    expect(goalProgress(H, 2 * H, 0).fraction).toBe(0);
  });
});
