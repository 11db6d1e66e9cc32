import { greatCircleMeters } from "./distance.ts";
import type { RunPosition } from "./session.ts";

/** Spec 2 §9: pace in min/km from a speed in m/s is this divided by the speed (1000 / 60). */
export const PACE_FROM_SPEED = 16.6667;

/** Minutes per km at `speed` m/s; null when the speed is unknown, zero or not a number. */
export function paceFromSpeed(speed: number | null | undefined): number | null {
  return typeof speed === "number" && Number.isFinite(speed) && speed > 0 ? PACE_FROM_SPEED / speed : null;
}

/** Minutes per km over `seconds` and `meters`: (duration / 60) / (distance / 1000); null with no distance. */
export function averagePace(seconds: number, meters: number): number | null {
  if (!(meters > 0) || !Number.isFinite(meters) || !(seconds >= 0)) return null;
  return seconds / 60 / (meters / 1000);
}

/** Minutes per km between two positions, by their distance and timestamps; null when either is zero. */
export function paceBetween(a: RunPosition, b: RunPosition): number | null {
  const seconds = (b.timestamp - a.timestamp) / 1000;
  return seconds > 0 ? averagePace(seconds, greatCircleMeters(a, b)) : null;
}

/** 330 s → "5:30"; minutes keep counting past 60 ("75:00"). */
export function formatMinSec(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A pace as "m:ss" per km; "—" when unknown. */
export function formatPace(minPerKm: number | null): string {
  return minPerKm === null || !Number.isFinite(minPerKm) || minPerKm < 0 ? "—" : formatMinSec(minPerKm * 60);
}
