import { describe, expect, it } from "vitest";
import { AYANAMSA, angularDistance, chartPoint, degreesText, labelRings, signPlace } from "./sky-math.ts";

describe("a longitude's place among the signs", () => {
  it("names the sign and the degrees and minutes within it", () => {
    expect(signPlace(0)).toEqual({ sign: "aries", degrees: 0, minutes: 0 });
    expect(signPlace(132.5667)).toEqual({ sign: "leo", degrees: 12, minutes: 34 });
    expect(degreesText(signPlace(132.5667))).toBe("12°34′");
    expect(signPlace(359.99)).toEqual({ sign: "pisces", degrees: 29, minutes: 59 });
    expect(signPlace(-30)).toEqual({ sign: "pisces", degrees: 0, minutes: 0 });
  });

  it("rounds to the minute across a sign's edge", () => {
    expect(signPlace(29.9999)).toEqual({ sign: "taurus", degrees: 0, minutes: 0 });
    expect(signPlace(359.9999)).toEqual({ sign: "aries", degrees: 0, minutes: 0 });
  });

  it("counts the sidereal signs from 23.75°", () => {
    expect(signPlace(23.75, AYANAMSA)).toEqual({ sign: "aries", degrees: 0, minutes: 0 });
    expect(signPlace(23.7, AYANAMSA)).toEqual({ sign: "pisces", degrees: 29, minutes: 57 });
    // The Sun on 17 May 1990 at about 56.3°: tropical Taurus 26°18′, sidereal Taurus 2°33′.
    expect(signPlace(56.3)).toEqual({ sign: "taurus", degrees: 26, minutes: 18 });
    expect(signPlace(56.3, AYANAMSA)).toEqual({ sign: "taurus", degrees: 2, minutes: 33 });
  });
});

describe("the chart's geometry", () => {
  it("puts 0° on the left and goes counter-clockwise (90° at the bottom in SVG's downward y)", () => {
    expect(chartPoint(0, 100)).toEqual({ x: -100, y: 0 });
    expect(chartPoint(90, 100)).toEqual({ x: 0, y: 100 });
    expect(chartPoint(180, 100)).toEqual({ x: 100, y: 0 });
    expect(chartPoint(270, 100)).toEqual({ x: 0, y: -100 });
  });

  it("moves a label inwards when a body within the gap already holds the ring", () => {
    expect(labelRings([10, 100, 200], 8)).toEqual([0, 0, 0]);
    expect(labelRings([10, 12, 14, 100], 8)).toEqual([0, 1, 2, 0]);
    expect(labelRings([358, 3], 8)).toEqual([1, 0]);
    expect(angularDistance(358, 3)).toBe(5);
  });
});
