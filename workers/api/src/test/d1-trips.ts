import { env } from "cloudflare:test";
import { type AroundTrip, aroundTrips } from "../platform/d1-pace.ts";

/** One trip to D1: a statement's `run`/`all`/`first`/`raw`, or a batch; when it left and when it came back (ms). */
export interface Trip {
  start: number;
  end: number;
}

/**
 * The trips to D1 the requests sent in `send` made, in order, read by putting a recorder in front of every
 * D1 session the Worker opens meanwhile (the test's `env.DB` is the binding the Worker is given).
 */
export async function tripsOf(send: () => Promise<unknown>): Promise<Trip[]> {
  const db = env.DB as D1Database & { withSession: D1Database["withSession"] };
  const open = db.withSession;
  const trips: Trip[] = [];
  const timed: AroundTrip = async (trip) => {
    const start = performance.now();
    try {
      return await trip();
    } finally {
      trips.push({ start, end: performance.now() });
    }
  };
  db.withSession = (...args: Parameters<D1Database["withSession"]>) => aroundTrips(open.apply(db, args), timed);
  try {
    await send();
  } finally {
    db.withSession = open;
  }
  return trips;
}

/**
 * The share of the time from the first trip's start to the last one's end that some trip was under way:
 * 1 for trips back to back, about ½ for work that rests as long as each trip took (platform/d1-pace.ts).
 */
export function busyShare(trips: Trip[]): number {
  if (trips.length === 0) return 0;
  const first = Math.min(...trips.map((t) => t.start));
  const last = Math.max(...trips.map((t) => t.end));
  const busy = trips.reduce((ms, t) => ms + (t.end - t.start), 0);
  return last > first ? busy / (last - first) : 1;
}
