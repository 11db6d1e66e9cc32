/**
 * The chaos game (spec 2 §2, §4, §9): from a point inside a triangle, each
 * next point is the midpoint of the current point and a vertex picked at
 * random; the points settle on the Sierpinski triangle. Pure geometry, in the
 * canvas's own 500 × 500 coordinates (y grows downwards).
 */
import { randomInt } from "@nook/shared/random/sample";

export interface Point {
  x: number;
  y: number;
}
/** Top, bottom left, bottom right. */
export type Triangle = readonly [Point, Point, Point];
export type VertexIndex = 0 | 1 | 2;

/** Spec 2 §9. */
export const CANVAS_SIZE = 500;
export const VERTEX_RADIUS = 4;
export const POINT_RADIUS = 1;
export const ADD_COUNTS = [1, 10, 100] as const;
/** Room around the triangle, so the vertex dots are whole. */
export const MARGIN = 12;
/** How near a click must be to a vertex to choose it (canvas units). */
export const VERTEX_REACH = 40;

/** The equilateral triangle that fills a `size` square (less the margin), centred, point up. */
export function triangleFor(size: number, margin = MARGIN): Triangle {
  const side = size - 2 * margin;
  const height = (side * Math.sqrt(3)) / 2;
  const top = (size - height) / 2;
  const bottom = top + height;
  return [
    { x: size / 2, y: top },
    { x: margin, y: bottom },
    { x: size - margin, y: bottom },
  ];
}

/** Which side of the line a→b the point p is on (twice the signed area of a, b, p). */
const side = (a: Point, b: Point, p: Point) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);

/**
 * Whether p is in the triangle, by the sign test: inside when it is on the
 * same side of all three edges. The triangle is closed: a point on an edge or
 * a vertex counts as inside (the game works from there just as well), with a
 * hair's breadth of slack so a midpoint computed on an edge is not lost to rounding.
 */
export function insideTriangle(p: Point, [a, b, c]: Triangle): boolean {
  const slack = Math.abs(side(a, b, c)) * 1e-12;
  const d1 = side(a, b, p);
  const d2 = side(b, c, p);
  const d3 = side(c, a, p);
  const someNegative = d1 < -slack || d2 < -slack || d3 < -slack;
  const somePositive = d1 > slack || d2 > slack || d3 > slack;
  return !(someNegative && somePositive);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** One move of the game: halfway from the current point to the vertex. */
export function chaosStep(current: Point, vertex: Point): Point {
  return midpoint(current, vertex);
}

/** A vertex picked fairly (spec: a random 0, 1 or 2). */
export const randomVertex = (): VertexIndex => randomInt(0, 2) as VertexIndex;

/**
 * `count` moves from `from`, each towards a vertex from `pick`: the new
 * points as x, y pairs for drawing, and the last one at full precision.
 */
export function chaosBatch(
  from: Point,
  count: number,
  triangle: Triangle,
  pick: () => VertexIndex = randomVertex,
): { xy: Float32Array; last: Point } {
  const xy = new Float32Array(count * 2);
  let last = from;
  for (let i = 0; i < count; i++) {
    last = chaosStep(last, triangle[pick()]);
    xy[2 * i] = last.x;
    xy[2 * i + 1] = last.y;
  }
  return { xy, last };
}

/** The vertex nearest to p, if it is within `reach`; otherwise null. */
export function nearestVertex(p: Point, triangle: Triangle, reach = VERTEX_REACH): VertexIndex | null {
  let best: VertexIndex | null = null;
  let bestDistance = reach;
  triangle.forEach((v, i) => {
    const distance = Math.hypot(v.x - p.x, v.y - p.y);
    if (distance <= bestDistance) {
      best = i as VertexIndex;
      bestDistance = distance;
    }
  });
  return best;
}

/** A uniform number in [0, 1) from the fair source. */
const unit = () => randomInt(0, 2 ** 32 - 1) / 2 ** 32;

/** A point picked uniformly inside the triangle (the keyboard's way to do step 0). */
export function randomPointInside([a, b, c]: Triangle, random: () => number = unit): Point {
  let u = random();
  let v = random();
  // The pair falls in the unit square; folding the far half back keeps it in the triangle, still uniform.
  if (u + v > 1) {
    u = 1 - u;
    v = 1 - v;
  }
  return { x: a.x + u * (b.x - a.x) + v * (c.x - a.x), y: a.y + u * (b.y - a.y) + v * (c.y - a.y) };
}

/**
 * Where a click lands in the canvas's coordinates: the offset in the element
 * as shown (it shrinks on narrow screens), scaled to the drawing's size.
 */
export function toCanvasPoint(
  client: { x: number; y: number },
  shown: { left: number; top: number; width: number; height: number },
  size = CANVAS_SIZE,
): Point {
  return {
    x: ((client.x - shown.left) * size) / shown.width,
    y: ((client.y - shown.top) * size) / shown.height,
  };
}
