import { pause, resume, runningSeconds, type Stopwatch } from "../common/stopwatch.ts";
import { routeMeters } from "./distance.ts";
import { averagePace, paceBetween, paceFromSpeed } from "./pace.ts";
import { type RunPosition, type RunSession, readPositions, segmentOf } from "./session.ts";

/** Fixes less accurate than this (metres, the radius the device reports) are dropped. */
export const MAX_ACCURACY_M = 50;

/** Spec 2 §9: the position watch's options. */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/**
 * The run in progress (kept in browser storage too, so a reload finds it).
 * Running while `watch.pausedAt` is null; `stopped` once Stop ended it and it
 * waits for Save or Delete.
 */
export interface ActiveRun {
  id: string;
  watch: Stopwatch;
  /** The segment new positions join: bumped on each resume. */
  segment: number;
  positions: RunPosition[];
  stopped: boolean;
  /** When the page last wrote it down: a run found running after a reload is paused here. */
  seenAt: number;
}

export type RunState = "running" | "paused" | "stopped";

/** A fix as the page takes it from the Geolocation API. */
export interface Fix {
  latitude: number;
  longitude: number;
  /** m/s, or null when the device does not say. */
  speed: number | null;
  /** Metres. */
  accuracy: number;
}

export function runState(run: ActiveRun): RunState {
  return run.stopped ? "stopped" : run.watch.pausedAt === null ? "running" : "paused";
}

/** Start: a new run with empty metrics, running from `now`. */
export function startRun(id: string, now: number): ActiveRun {
  return {
    id,
    watch: { startedAt: now, pausedAt: null, pausedTimeDiff: 0 },
    segment: 0,
    positions: [],
    stopped: false,
    seenAt: now,
  };
}

/** Pause: the elapsed time freezes; positions are ignored until Resume. */
export function pauseRun(run: ActiveRun, now: number): ActiveRun {
  return run.stopped ? run : { ...run, watch: pause(run.watch, now) };
}

/** Resume: the time runs on, and the positions start a new segment, so the way covered while paused is not counted. */
export function resumeRun(run: ActiveRun, now: number): ActiveRun {
  if (runState(run) !== "paused") return run;
  return { ...run, watch: resume(run.watch, now), segment: run.segment + 1 };
}

/** Stop: the elapsed time freezes for good; the run waits for Save or Delete. */
export function stopRun(run: ActiveRun, now: number): ActiveRun {
  return run.stopped ? run : { ...run, watch: pause(run.watch, now), stopped: true };
}

/** A fix joins the run while it is running and when it is accurate enough; otherwise the run is unchanged. */
export function addFix(run: ActiveRun, fix: Fix, now: number): ActiveRun {
  if (runState(run) !== "running") return run;
  if (!(fix.accuracy <= MAX_ACCURACY_M)) return run;
  if (!Number.isFinite(fix.latitude) || !Number.isFinite(fix.longitude)) return run;
  const speed = typeof fix.speed === "number" && Number.isFinite(fix.speed) ? fix.speed : null;
  const position: RunPosition = {
    latitude: fix.latitude,
    longitude: fix.longitude,
    timestamp: now,
    speed,
    segment: run.segment,
  };
  return { ...run, positions: [...run.positions, position] };
}

/** Running seconds at `now`, pauses left out (the stopwatch's rule). */
export const elapsedSeconds = (run: ActiveRun, now: number) => runningSeconds(run.watch, now);

/**
 * The pace now, in min/km: from the latest position's reported speed when it
 * is positive, else from the last two positions of the current segment; null
 * when paused or not known yet.
 */
export function livePace(run: ActiveRun): number | null {
  if (runState(run) !== "running") return null;
  const last = run.positions.at(-1);
  if (!last || segmentOf(last) !== run.segment) return null;
  const fromSpeed = paceFromSpeed(last.speed);
  if (fromSpeed !== null) return fromSpeed;
  const before = run.positions.at(-2);
  return before && segmentOf(before) === run.segment ? paceBetween(before, last) : null;
}

/** The session a stopped (or any) run makes: duration is the stopwatch's running seconds at its pause. */
export function sessionOf(run: ActiveRun): RunSession {
  const duration = runningSeconds(run.watch, run.watch.pausedAt ?? run.seenAt);
  const distance = routeMeters(run.positions);
  return {
    id: run.id,
    date: new Date(run.watch.startedAt).toISOString(),
    positions: run.positions,
    duration,
    distance,
    averagePace: averagePace(duration, distance),
  };
}

/**
 * The stored run in progress after a reload, or null when there is none or it
 * cannot be read. One that was running is paused where the page last saw it:
 * the time since then is not known to have been run.
 */
export function restoreRun(v: unknown): ActiveRun | null {
  if (typeof v !== "object" || v === null) return null;
  const r = v as Record<string, unknown>;
  const w = r.watch as Record<string, unknown> | null | undefined;
  const num = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
  if (typeof r.id !== "string" || !r.id || typeof w !== "object" || w === null) return null;
  if (!num(w.startedAt) || !num(w.pausedTimeDiff) || !(w.pausedAt === null || num(w.pausedAt))) return null;
  if (!(Number.isInteger(r.segment) && (r.segment as number) >= 0) || !num(r.seenAt)) return null;
  const positions = readPositions(r.positions);
  if (!positions) return null;
  const run: ActiveRun = {
    id: r.id,
    watch: { startedAt: w.startedAt, pausedAt: w.pausedAt as number | null, pausedTimeDiff: w.pausedTimeDiff },
    segment: r.segment as number,
    positions,
    stopped: r.stopped === true,
    seenAt: r.seenAt,
  };
  return pauseRun(run, run.seenAt);
}

/** The journal entry's metrics for a run: whole seconds, and km to 3 decimals. */
export function runEntryMetrics(session: RunSession) {
  return [
    { name: "duration", value: Math.round(session.duration) },
    { name: "distance", value: Math.round(session.distance) / 1000 },
  ];
}
