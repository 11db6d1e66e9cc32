import { greatCircleMeters } from "./distance.ts";
import { legsOf, type RunPosition } from "./session.ts";

/** One km of a run (the last one may be shorter). */
export interface Split {
  /** 1, 2, 3… */
  index: number;
  /** Metres this split covers: 1000, or what the last one reached. */
  meters: number;
  /** Moving seconds the split took. */
  seconds: number;
}

/** Floating sums of legs land a hair off a whole km; closer than this counts as on it. */
const EPSILON_M = 1e-6;

/**
 * Splits per km over moving time: the time between consecutive positions of
 * the same segment (a pause, and the way across it, count for nothing). The
 * instant each whole km is crossed is interpolated along the leg that crosses
 * it; the last partial km is listed too.
 */
export function splits(positions: readonly RunPosition[]): Split[] {
  const out: Split[] = [];
  let meters = 0;
  let moving = 0;
  let splitStart = 0;
  for (const [a, b] of legsOf(positions)) {
    const leg = greatCircleMeters(a, b);
    const seconds = Math.max(0, (b.timestamp - a.timestamp) / 1000);
    for (let mark = (out.length + 1) * 1000; meters + leg >= mark - EPSILON_M; mark += 1000) {
      const share = leg > 0 ? Math.min(1, Math.max(0, (mark - meters) / leg)) : 1;
      const at = moving + share * seconds;
      out.push({ index: out.length + 1, meters: 1000, seconds: at - splitStart });
      splitStart = at;
    }
    meters += leg;
    moving += seconds;
  }
  const rest = meters - out.length * 1000;
  if (rest > EPSILON_M) out.push({ index: out.length + 1, meters: rest, seconds: moving - splitStart });
  return out;
}
