import { describe, expect, it } from "vitest";
import { ChaosGame, drawDots, type Inks, type Pen, PointStore, START_RADIUS } from "./chaos-canvas.ts";
import { midpoint, POINT_RADIUS, VERTEX_RADIUS, type VertexIndex } from "./chaos-game.ts";

const INKS: Inks = { outline: "gray", vertex: "orange", start: "white", point: "yellow" };

/** A 2D context that only counts: dots (arcs) by radius and colour, fills, clears. */
function recorder() {
  const log = { arcs: [] as { x: number; y: number; r: number; ink: string }[], clears: 0, fills: 0 };
  const pen: Pen = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    beginPath() {},
    moveTo() {},
    lineTo() {},
    closePath() {},
    stroke() {},
    fill() {
      log.fills++;
    },
    clearRect() {
      log.clears++;
    },
    arc(x: number, y: number, r: number) {
      log.arcs.push({ x, y, r, ink: String(pen.fillStyle) });
    },
  };
  const reset = () => {
    log.arcs.length = 0;
    log.clears = 0;
    log.fills = 0;
  };
  return { pen, log, reset };
}

const cycle = () => {
  let i = 0;
  return () => (i++ % 3) as VertexIndex;
};

describe("drawDots", () => {
  it("draws one dot per x, y pair, in one fill", () => {
    const { pen, log } = recorder();
    drawDots(pen, Float32Array.of(1, 2, 3, 4, 5, 6), 1, "red");
    expect(log.arcs).toEqual([
      { x: 1, y: 2, r: 1, ink: "red" },
      { x: 3, y: 4, r: 1, ink: "red" },
      { x: 5, y: 6, r: 1, ink: "red" },
    ]);
    expect(log.fills).toBe(1);
  });
});

describe("PointStore", () => {
  it("keeps every pair in order as it grows past its first buffer", () => {
    const store = new PointStore();
    const batch = new Float32Array(200).map((_, i) => i);
    for (let i = 0; i < 30; i++) store.append(batch);
    expect(store.count).toBe(3000);
    expect(store.xy).toHaveLength(6000);
    expect(store.xy[5999]).toBe(199);
    expect(store.xy[200]).toBe(0);
    store.clear();
    expect(store.count).toBe(0);
    expect(store.xy).toHaveLength(0);
  });
});

describe("ChaosGame", () => {
  it("starts with the triangle: its outline and three vertex dots of radius 4", () => {
    const { pen, log } = recorder();
    const game = new ChaosGame(pen, INKS);
    expect(game.step).toBe(0);
    expect(log.clears).toBe(1);
    expect(log.arcs).toEqual(game.triangle.map((v) => ({ x: v.x, y: v.y, r: VERTEX_RADIUS, ink: "orange" })));
  });

  it("step 0 refuses a point outside the triangle and takes one inside", () => {
    const { pen, log, reset } = recorder();
    const game = new ChaosGame(pen, INKS);
    reset();
    expect(game.pickStart({ x: 5, y: 5 })).toBe(false);
    expect(game.step).toBe(0);
    expect(log.arcs).toEqual([]);
    expect(game.pickStart({ x: 250, y: 300 })).toBe(true);
    expect(game.step).toBe(1);
    expect(log.arcs).toEqual([{ x: 250, y: 300, r: START_RADIUS, ink: "white" }]);
    // Only once.
    expect(game.pickStart({ x: 250, y: 310 })).toBe(false);
  });

  it("step 1 draws the first midpoint towards the chosen vertex; step 2 adds 1, 10 or 100", () => {
    const { pen, log, reset } = recorder();
    const game = new ChaosGame(pen, INKS, cycle());
    expect(game.chooseVertex(0)).toBeNull();
    game.pickStart({ x: 250, y: 300 });
    reset();
    game.add(10);
    expect(game.count).toBe(0);
    const first = game.chooseVertex(2);
    expect(first).toEqual(midpoint({ x: 250, y: 300 }, game.triangle[2]));
    expect(game.step).toBe(2);
    expect(game.count).toBe(1);
    expect(log.arcs).toEqual([{ x: Math.fround(first!.x), y: Math.fround(first!.y), r: POINT_RADIUS, ink: "yellow" }]);
    for (const n of [1, 10, 100]) {
      reset();
      game.add(n);
      expect(log.arcs).toHaveLength(n);
    }
    expect(game.count).toBe(112);
    // The game goes on from the last point: 111 picks so far, so the next is vertex 0.
    const last = log.arcs.at(-1)!;
    reset();
    game.add(1);
    const next = midpoint(last, game.triangle[0]);
    expect(log.arcs[0]!.x).toBeCloseTo(next.x, 3);
    expect(log.arcs[0]!.y).toBeCloseTo(next.y, 3);
  });

  it("draws only each new batch, however many points there already are (smooth at 100,000)", () => {
    const { pen, log, reset } = recorder();
    const game = new ChaosGame(pen, INKS);
    game.pickStart({ x: 250, y: 300 });
    game.chooseVertex(0);
    for (let i = 0; i < 1000; i++) game.add(100);
    expect(game.count).toBe(100_001);
    reset();
    game.add(100);
    expect(log.arcs).toHaveLength(100);
    expect(log.clears).toBe(0);
    expect(log.fills).toBe(1);
  });

  it("redraws everything from the kept points on a theme change, in the new colours", () => {
    const { pen, log, reset } = recorder();
    const game = new ChaosGame(pen, INKS, cycle());
    game.pickStart({ x: 250, y: 300 });
    game.chooseVertex(1);
    game.add(100);
    const before = log.arcs.filter((a) => a.r === POINT_RADIUS).map(({ x, y }) => ({ x, y }));
    reset();
    game.setInks({ outline: "silver", vertex: "teal", start: "black", point: "navy" });
    expect(log.clears).toBe(1);
    expect(log.arcs.filter((a) => a.r === VERTEX_RADIUS).map((a) => a.ink)).toEqual(["teal", "teal", "teal"]);
    expect(log.arcs.filter((a) => a.r === POINT_RADIUS).map(({ x, y }) => ({ x, y }))).toEqual(before);
    expect(log.arcs.filter((a) => a.r === POINT_RADIUS).every((a) => a.ink === "navy")).toBe(true);
    expect(log.arcs.filter((a) => a.r === START_RADIUS)).toEqual([{ x: 250, y: 300, r: START_RADIUS, ink: "black" }]);
  });

  it("starts over: back to step 0 with only the triangle", () => {
    const { pen, log, reset } = recorder();
    const game = new ChaosGame(pen, INKS);
    game.pickStart({ x: 250, y: 300 });
    game.chooseVertex(1);
    game.add(10);
    reset();
    game.startOver();
    expect(game.step).toBe(0);
    expect(game.count).toBe(0);
    expect(game.start).toBeNull();
    expect(log.clears).toBe(1);
    expect(log.arcs.map((a) => a.r)).toEqual([VERTEX_RADIUS, VERTEX_RADIUS, VERTEX_RADIUS]);
    expect(game.pickStart({ x: 250, y: 300 })).toBe(true);
  });
});
