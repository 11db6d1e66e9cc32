/**
 * A run as the browser keeps it (spec 2 §3 "Run session"). Positions carry an
 * optional `segment`: 0, 1, 2… bumped on each resume, so the way between the
 * last point before a pause and the first after it is never counted. Positions
 * without one (older data) count as one segment.
 */
export interface RunPosition {
  latitude: number;
  longitude: number;
  /** Epoch milliseconds. */
  timestamp: number;
  /** Metres per second as the device reported it, or null. */
  speed: number | null;
  segment?: number;
}

export interface RunSession {
  id: string;
  /** ISO date-time of the start. */
  date: string;
  positions: RunPosition[];
  /** Running seconds (pauses excluded). */
  duration: number;
  /** Metres. */
  distance: number;
  /** Minutes per km, or null when no distance was covered. */
  averagePace: number | null;
  /** Set once the run has been sent to the journal: the entry it became. */
  journalEntryId?: number;
}

export const segmentOf = (p: RunPosition) => p.segment ?? 0;

/** Consecutive positions of one segment, in order. */
export function segmentsOf(positions: readonly RunPosition[]): RunPosition[][] {
  const out: RunPosition[][] = [];
  let current: RunPosition[] = [];
  for (const p of positions) {
    const previous = current.at(-1);
    if (!previous || segmentOf(previous) !== segmentOf(p)) {
      current = [];
      out.push(current);
    }
    current.push(p);
  }
  return out;
}

/** Each leg of a route: two consecutive positions of the same segment. */
export function* legsOf(positions: readonly RunPosition[]): Generator<[RunPosition, RunPosition]> {
  let previous: RunPosition | undefined;
  for (const p of positions) {
    if (previous && segmentOf(previous) === segmentOf(p)) yield [previous, p];
    previous = p;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A stored position, or null when it is not one. */
export function readPosition(v: unknown): RunPosition | null {
  if (!isRecord(v)) return null;
  const { latitude, longitude, timestamp, speed, segment } = v;
  if (!isFiniteNumber(latitude) || Math.abs(latitude) > 90) return null;
  if (!isFiniteNumber(longitude) || Math.abs(longitude) > 180) return null;
  if (!isFiniteNumber(timestamp)) return null;
  if (segment !== undefined && !(Number.isInteger(segment) && (segment as number) >= 0)) return null;
  const position: RunPosition = { latitude, longitude, timestamp, speed: isFiniteNumber(speed) ? speed : null };
  if (segment !== undefined) position.segment = segment as number;
  return position;
}

/** A stored list of positions, or null when any of them is not one (a route with holes would mislead). */
export function readPositions(v: unknown): RunPosition[] | null {
  if (!Array.isArray(v)) return null;
  const positions = v.map(readPosition);
  return positions.every((p) => p !== null) ? (positions as RunPosition[]) : null;
}

/** A stored session, or null when it is not one. Ids written as numbers are read as text. */
export function readSession(v: unknown): RunSession | null {
  if (!isRecord(v)) return null;
  const { id, date, duration, distance, averagePace, journalEntryId } = v;
  if (!(typeof id === "string" && id) && !isFiniteNumber(id)) return null;
  if (typeof date !== "string" || Number.isNaN(Date.parse(date))) return null;
  if (!isFiniteNumber(duration) || duration < 0 || !isFiniteNumber(distance) || distance < 0) return null;
  const positions = readPositions(v.positions);
  if (!positions) return null;
  const session: RunSession = {
    id: String(id),
    date,
    positions,
    duration,
    distance,
    averagePace: isFiniteNumber(averagePace) && averagePace > 0 ? averagePace : null,
  };
  if (Number.isInteger(journalEntryId) && (journalEntryId as number) > 0)
    session.journalEntryId = journalEntryId as number;
  return session;
}

/**
 * The saved sessions from their stored JSON. Data that is not a list reads as
 * no sessions; a list keeps the sessions it can read. Each problem is passed
 * to `report` (the page logs it) rather than thrown.
 */
export function parseSessions(json: string | null, report: (problem: string) => void): RunSession[] {
  if (json === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    report("stored run sessions are not JSON");
    return [];
  }
  if (!Array.isArray(data)) {
    report("stored run sessions are not a list");
    return [];
  }
  const sessions: RunSession[] = [];
  data.forEach((item, i) => {
    const session = readSession(item);
    if (session) sessions.push(session);
    else report(`stored run session #${i} is not a run session`);
  });
  return sessions;
}
