import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CANVAS_SIZE,
  chaosBatch,
  chaosStep,
  insideTriangle,
  MARGIN,
  midpoint,
  nearestVertex,
  type Point,
  randomPointInside,
  randomVertex,
  type Triangle,
  toCanvasPoint,
  triangleFor,
  VERTEX_RADIUS,
  type VertexIndex,
} from "./chaos-game.ts";

const close = (a: Point, b: Point) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
};

describe("triangleFor", () => {
  it("is equilateral, point up, centred in the square and clear of its edges", () => {
    const [top, left, right] = triangleFor(500);
    const side = 500 - 2 * MARGIN;
    expect(top.x).toBe(250);
    expect(left).toEqual({ x: MARGIN, y: left.y });
    expect(right).toEqual({ x: 500 - MARGIN, y: left.y });
    for (const [a, b] of [
      [top, left],
      [left, right],
      [right, top],
    ] as const)
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(side, 9);
    expect(top.y).toBeLessThan(left.y);
    // Equal room above and below, and every vertex dot whole on the canvas.
    expect(top.y).toBeCloseTo(500 - left.y, 9);
    expect(top.y - VERTEX_RADIUS).toBeGreaterThan(0);
    expect(left.x - VERTEX_RADIUS).toBeGreaterThan(0);
  });

  it("scales with the size", () => {
    const small = triangleFor(100, 0);
    expect(small[0]).toEqual({ x: 50, y: (100 - 50 * Math.sqrt(3)) / 2 });
    expect(small[1].x).toBe(0);
    expect(small[2].x).toBe(100);
  });
});

describe("insideTriangle", () => {
  const t: Triangle = [
    { x: 5, y: 0 },
    { x: 0, y: 10 },
    { x: 10, y: 10 },
  ];

  it("takes points inside and refuses points outside", () => {
    expect(insideTriangle({ x: 5, y: 5 }, t)).toBe(true);
    expect(insideTriangle({ x: 5, y: 9.99 }, t)).toBe(true);
    expect(insideTriangle({ x: 1, y: 1 }, t)).toBe(false);
    expect(insideTriangle({ x: 9, y: 1 }, t)).toBe(false);
    expect(insideTriangle({ x: 5, y: 10.01 }, t)).toBe(false);
    expect(insideTriangle({ x: -1, y: 10 }, t)).toBe(false);
    expect(insideTriangle({ x: 5, y: -0.01 }, t)).toBe(false);
  });

  it("counts the edges and the vertices as inside (the triangle is closed)", () => {
    expect(insideTriangle({ x: 5, y: 10 }, t)).toBe(true);
    expect(insideTriangle({ x: 2.5, y: 5 }, t)).toBe(true);
    expect(insideTriangle({ x: 7.5, y: 5 }, t)).toBe(true);
    for (const v of t) expect(insideTriangle(v, t)).toBe(true);
  });

  it("does not care which way round the vertices are given", () => {
    const reversed: Triangle = [t[2], t[1], t[0]];
    expect(insideTriangle({ x: 5, y: 5 }, reversed)).toBe(true);
    expect(insideTriangle({ x: 1, y: 1 }, reversed)).toBe(false);
  });

  it("agrees with barycentric coordinates for any point", () => {
    const [a, b, c] = triangleFor(CANVAS_SIZE);
    const area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 550, noNaN: true }),
        fc.double({ min: -50, max: 550, noNaN: true }),
        (x, y) => {
          const u = ((b.x - x) * (c.y - y) - (c.x - x) * (b.y - y)) / area;
          const v = ((c.x - x) * (a.y - y) - (a.x - x) * (c.y - y)) / area;
          const w = 1 - u - v;
          const clear = Math.min(Math.abs(u), Math.abs(v), Math.abs(w)) > 1e-9;
          fc.pre(clear);
          expect(insideTriangle({ x, y }, [a, b, c])).toBe(u > 0 && v > 0 && w > 0);
        },
      ),
    );
  });
});

describe("midpoint and the chaos step", () => {
  it("halves the way", () => {
    expect(midpoint({ x: 0, y: 0 }, { x: 10, y: 4 })).toEqual({ x: 5, y: 2 });
    expect(midpoint({ x: 3, y: -1 }, { x: 3, y: -1 })).toEqual({ x: 3, y: -1 });
    expect(chaosStep({ x: 100, y: 300 }, { x: 250, y: 50 })).toEqual({ x: 175, y: 175 });
  });

  it("never leaves the triangle, from any point inside it", () => {
    const t = triangleFor(CANVAS_SIZE);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.constantFrom<VertexIndex>(0, 1, 2), { minLength: 1, maxLength: 50 }),
        (u, v, moves) => {
          let p = randomPointInside(
            t,
            (() => {
              const values = [u, v];
              return () => values.shift() ?? 0;
            })(),
          );
          for (const m of moves) {
            p = chaosStep(p, t[m]);
            expect(insideTriangle(p, t)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("chaosBatch", () => {
  const t = triangleFor(CANVAS_SIZE);
  const cycle = (...order: VertexIndex[]) => {
    let i = 0;
    return () => order[i++ % order.length] as VertexIndex;
  };

  it("moves halfway to each picked vertex in turn, as x, y pairs, and hands back the last point exactly", () => {
    const from = { x: 250, y: 300 };
    const { xy, last } = chaosBatch(from, 3, t, cycle(0, 1, 2));
    const p1 = midpoint(from, t[0]);
    const p2 = midpoint(p1, t[1]);
    const p3 = midpoint(p2, t[2]);
    expect(Array.from(xy)).toEqual([p1, p2, p3].flatMap((p) => [Math.fround(p.x), Math.fround(p.y)]));
    expect(last).toEqual(p3);
  });

  it("draws on the fair random source by default, every vertex in play", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(randomVertex());
    expect([...seen].sort()).toEqual([0, 1, 2]);
    const { xy } = chaosBatch({ x: 250, y: 300 }, 100, t);
    expect(xy).toHaveLength(200);
  });

  it("makes nothing for a count of 0", () => {
    const from = { x: 1, y: 2 };
    expect(chaosBatch(from, 0, t)).toEqual({ xy: new Float32Array(0), last: from });
  });
});

describe("nearestVertex", () => {
  const t = triangleFor(CANVAS_SIZE);
  it("chooses the vertex within reach, the nearest one", () => {
    close(t[0], { x: 250, y: t[0].y });
    expect(nearestVertex({ x: 255, y: t[0].y + 10 }, t)).toBe(0);
    expect(nearestVertex({ x: t[1].x + 20, y: t[1].y - 20 }, t)).toBe(1);
    expect(nearestVertex({ x: t[2].x, y: t[2].y + 5 }, t)).toBe(2);
  });
  it("chooses none away from the vertices", () => {
    expect(nearestVertex({ x: 250, y: 300 }, t)).toBeNull();
    expect(nearestVertex({ x: t[0].x + 41, y: t[0].y }, t)).toBeNull();
    expect(nearestVertex({ x: t[0].x + 41, y: t[0].y }, t, 50)).toBe(0);
  });
});

describe("randomPointInside", () => {
  const t = triangleFor(CANVAS_SIZE);
  it("lands inside, from the fair source", () => {
    for (let i = 0; i < 500; i++) expect(insideTriangle(randomPointInside(t), t)).toBe(true);
  });
  it("folds the far half of the square back in", () => {
    const values = [0.75, 0.75];
    const p = randomPointInside(t, () => values.shift() ?? 0);
    // u = v = 0.25 after folding: a quarter of the way to each bottom vertex.
    close(p, { x: t[0].x + 0.25 * (t[1].x - t[0].x) + 0.25 * (t[2].x - t[0].x), y: t[0].y + 0.5 * (t[1].y - t[0].y) });
  });
});

describe("toCanvasPoint", () => {
  it("maps a click through the size the canvas is shown at", () => {
    const shown = { left: 16, top: 100, width: 328, height: 328 };
    expect(toCanvasPoint({ x: 16, y: 100 }, shown)).toEqual({ x: 0, y: 0 });
    expect(toCanvasPoint({ x: 16 + 164, y: 100 + 82 }, shown)).toEqual({ x: 250, y: 125 });
    expect(toCanvasPoint({ x: 16 + 328, y: 100 + 328 }, shown)).toEqual({ x: 500, y: 500 });
  });
  it("is the identity at full size", () => {
    expect(toCanvasPoint({ x: 123, y: 456 }, { left: 0, top: 0, width: 500, height: 500 })).toEqual({ x: 123, y: 456 });
  });
});
