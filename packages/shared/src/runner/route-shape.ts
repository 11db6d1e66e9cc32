import { EARTH_RADIUS_M } from "./distance.ts";
import { type RunPosition, segmentOf, segmentsOf } from "./session.ts";

export interface RouteShape {
  viewBox: string;
  /** A `points` attribute per segment with at least two positions. */
  lines: { segment: number; points: string }[];
  start: { x: number; y: number };
  end: { x: number; y: number };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A route drawn to fit a `width` × `height` box with `padding` all round:
 * an equirectangular projection (east scaled by the cosine of the mean
 * latitude, so a square on the ground stays square), north up, centred.
 * Null when there are no positions.
 */
export function routeShape(
  positions: readonly RunPosition[],
  { width, height, padding }: { width: number; height: number; padding: number },
): RouteShape | null {
  const first = positions[0];
  const last = positions.at(-1);
  if (!first || !last) return null;
  const meanLat = positions.reduce((sum, p) => sum + p.latitude, 0) / positions.length;
  const kx = (Math.PI / 180) * EARTH_RADIUS_M * Math.cos((meanLat * Math.PI) / 180);
  const ky = (Math.PI / 180) * EARTH_RADIUS_M;
  // Metres east and north of the first point; the first point's longitude keeps a route near ±180° whole.
  const lon0 = first.longitude;
  const east = (p: RunPosition) => (((p.longitude - lon0 + 540) % 360) - 180) * kx;
  const north = (p: RunPosition) => p.latitude * ky;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of positions) {
    const x = east(p);
    const y = north(p);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const innerW = width - 2 * padding;
  const innerH = height - 2 * padding;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = spanX || spanY ? Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity) : 0;
  const offsetX = padding + (innerW - spanX * scale) / 2;
  const offsetY = padding + (innerH - spanY * scale) / 2;
  const point = (p: RunPosition) => ({
    x: round(offsetX + (east(p) - minX) * scale),
    y: round(offsetY + (maxY - north(p)) * scale),
  });
  const lines = segmentsOf(positions)
    .filter((s) => s.length > 1)
    .map((s) => ({
      segment: segmentOf(s[0] ?? first),
      points: s
        .map(point)
        .map(({ x, y }) => `${x},${y}`)
        .join(" "),
    }));
  return { viewBox: `0 0 ${width} ${height}`, lines, start: point(first), end: point(last) };
}
