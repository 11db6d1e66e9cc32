/**
 * The game on a canvas: its steps (spec 2 §4) and its drawing. Each batch of
 * new points is drawn on top of what is there, so adding 100 points costs the
 * same at 100,000 points as at 10; the whole picture is drawn again only on
 * a theme change or a start over, from the points kept in a Float32Array.
 */
import {
  CANVAS_SIZE,
  chaosBatch,
  chaosStep,
  insideTriangle,
  POINT_RADIUS,
  type Point,
  randomVertex,
  type Triangle,
  triangleFor,
  VERTEX_RADIUS,
  type VertexIndex,
} from "./chaos-game.ts";

/** The part of a 2D context the drawing uses (a test hands a recorder). */
export type Pen = Pick<
  CanvasRenderingContext2D,
  "beginPath" | "moveTo" | "lineTo" | "closePath" | "arc" | "fill" | "stroke" | "clearRect"
> & {
  fillStyle: CanvasRenderingContext2D["fillStyle"];
  strokeStyle: CanvasRenderingContext2D["strokeStyle"];
  lineWidth: number;
};

/** The colours, read from the theme's CSS variables. */
export interface Inks {
  outline: string;
  vertex: string;
  start: string;
  point: string;
}

export const START_RADIUS = 3;

/** Dots at the given x, y pairs, as one path and one fill. */
export function drawDots(pen: Pen, xy: ArrayLike<number>, radius: number, ink: string) {
  pen.fillStyle = ink;
  pen.beginPath();
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i] as number;
    const y = xy[i + 1] as number;
    pen.moveTo(x + radius, y);
    pen.arc(x, y, radius, 0, 2 * Math.PI);
  }
  pen.fill();
}

export function drawTriangle(pen: Pen, [a, b, c]: Triangle, inks: Inks) {
  pen.strokeStyle = inks.outline;
  pen.lineWidth = 1;
  pen.beginPath();
  pen.moveTo(a.x, a.y);
  pen.lineTo(b.x, b.y);
  pen.lineTo(c.x, c.y);
  pen.closePath();
  pen.stroke();
  drawDots(pen, [a.x, a.y, b.x, b.y, c.x, c.y], VERTEX_RADIUS, inks.vertex);
}

/** A growing list of x, y pairs, doubling its buffer as it fills. */
export class PointStore {
  #xy = new Float32Array(2048);
  #count = 0;

  get count() {
    return this.#count;
  }

  /** Every point so far, as x, y pairs (a view, not a copy). */
  get xy(): Float32Array {
    return this.#xy.subarray(0, this.#count * 2);
  }

  append(batch: Float32Array) {
    const needed = this.#count * 2 + batch.length;
    if (needed > this.#xy.length) {
      let length = this.#xy.length;
      while (length < needed) length *= 2;
      const grown = new Float32Array(length);
      grown.set(this.xy);
      this.#xy = grown;
    }
    this.#xy.set(batch, this.#count * 2);
    this.#count += batch.length / 2;
  }

  clear() {
    this.#count = 0;
  }
}

export type Step = 0 | 1 | 2;

export class ChaosGame {
  readonly triangle: Triangle;
  #step: Step = 0;
  #start: Point | null = null;
  #current: Point | null = null;
  readonly #points = new PointStore();

  constructor(
    private readonly pen: Pen,
    private inks: Inks,
    private readonly pick: () => VertexIndex = randomVertex,
    size = CANVAS_SIZE,
  ) {
    this.triangle = triangleFor(size);
    this.redraw();
  }

  get step(): Step {
    return this.#step;
  }
  /** The points drawn by the game (the start point is not one of them). */
  get count() {
    return this.#points.count;
  }
  get start() {
    return this.#start;
  }

  /** Step 0: the start point, taken only inside the triangle. */
  pickStart(p: Point): boolean {
    if (this.#step !== 0 || !insideTriangle(p, this.triangle)) return false;
    this.#start = p;
    this.#current = p;
    this.#step = 1;
    drawDots(this.pen, [p.x, p.y], START_RADIUS, this.inks.start);
    return true;
  }

  /** Step 1: the first move, towards the chosen vertex; returns the first midpoint. */
  chooseVertex(vertex: VertexIndex): Point | null {
    if (this.#step !== 1 || !this.#current) return null;
    const next = chaosStep(this.#current, this.triangle[vertex]);
    this.#take({ xy: Float32Array.of(next.x, next.y), last: next });
    this.#step = 2;
    return next;
  }

  /** Step 2: `count` more moves, each towards a random vertex. */
  add(count: number) {
    if (this.#step !== 2 || !this.#current) return;
    this.#take(chaosBatch(this.#current, count, this.triangle, this.pick));
  }

  startOver() {
    this.#step = 0;
    this.#start = null;
    this.#current = null;
    this.#points.clear();
    this.redraw();
  }

  /** New colours (the theme changed): the whole picture again, in them. */
  setInks(inks: Inks) {
    this.inks = inks;
    this.redraw();
  }

  redraw() {
    this.pen.clearRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
    drawTriangle(this.pen, this.triangle, this.inks);
    drawDots(this.pen, this.#points.xy, POINT_RADIUS, this.inks.point);
    if (this.#start) drawDots(this.pen, [this.#start.x, this.#start.y], START_RADIUS, this.inks.start);
  }

  /** Keeps a batch and draws just it. */
  #take({ xy, last }: { xy: Float32Array; last: Point }) {
    this.#points.append(xy);
    this.#current = last;
    drawDots(this.pen, xy, POINT_RADIUS, this.inks.point);
  }
}
