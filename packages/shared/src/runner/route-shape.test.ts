import { describe, expect, it } from "vitest";
import { routeShape } from "./route-shape.ts";
import type { RunPosition } from "./session.ts";

const at = (latitude: number, longitude: number, segment = 0): RunPosition => ({
  latitude,
  longitude,
  timestamp: 0,
  speed: null,
  segment,
});
const box = { width: 300, height: 200, padding: 10 };
const points = (line: string) => line.split(" ").map((xy) => xy.split(",").map(Number));

describe("routeShape", () => {
  it("fits the route in the box, north up, east scaled by the cosine of the latitude", () => {
    // At 60°N a degree of longitude is half a degree of latitude on the ground: this is a square.
    const shape = routeShape([at(60, 10), at(60.01, 10), at(60.01, 10.02), at(60, 10.02)], box)!;
    expect(shape.viewBox).toBe("0 0 300 200");
    const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = points(shape.lines[0]!.points) as [
      [number, number],
      [number, number],
      [number, number],
      [number, number],
    ];
    // The height limits: 180 units tall, centred across.
    expect([x0, y0]).toEqual([60, 190]);
    expect([x1, y1]).toEqual([60, 10]);
    expect(x2 - x1).toBeCloseTo(180, 0);
    expect(y2).toBe(10);
    expect([x3, y3]).toEqual([x2, 190]);
    expect(shape.start).toEqual({ x: 60, y: 190 });
    expect(shape.end).toEqual({ x: x3, y: 190 });
  });
  it("draws one line per segment and leaves the gap between them", () => {
    const shape = routeShape(
      [at(0, 0, 0), at(0.01, 0, 0), at(0.02, 0.01, 1), at(0.03, 0.01, 1), at(0.5, 0.5, 2)],
      box,
    )!;
    expect(shape.lines.map((l) => l.segment)).toEqual([0, 1]);
    for (const line of shape.lines)
      for (const [x, y] of points(line.points)) {
        expect(x).toBeGreaterThanOrEqual(10);
        expect(x).toBeLessThanOrEqual(290);
        expect(y).toBeGreaterThanOrEqual(10);
        expect(y).toBeLessThanOrEqual(190);
      }
  });
  it("copes with one point, a straight line and the antimeridian", () => {
    expect(routeShape([], box)).toBeNull();
    const one = routeShape([at(1, 1)], box)!;
    expect(one.lines).toEqual([]);
    expect(one.start).toEqual({ x: 150, y: 100 });
    expect(routeShape([at(0, 0), at(0, 1)], box)!.lines).toEqual([{ segment: 0, points: "10,100 290,100" }]);
    expect(routeShape([at(0, 179.99), at(0, -179.99)], box)!.lines).toEqual([{ segment: 0, points: "10,100 290,100" }]);
  });
});
