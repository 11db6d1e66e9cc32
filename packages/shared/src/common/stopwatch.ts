/**
 * Running time measured from timestamps, never by counting ticks, so it stays
 * right across reloads, a sleeping laptop and a second tab. One rule for the
 * timer and the runner: running time = (pausedAt, or now) − startedAt −
 * pausedTimeDiff, every time in epoch milliseconds.
 */
export interface Stopwatch {
  startedAt: number;
  /** Set while paused: when the pause began. */
  pausedAt: number | null;
  /** The paused spans already over, in total (ms). */
  pausedTimeDiff: number;
}

/** Running milliseconds at `now` (never negative: a clock set back reads 0). */
export function runningMs(w: Stopwatch, now: number): number {
  return Math.max(0, (w.pausedAt ?? now) - w.startedAt - w.pausedTimeDiff);
}

/** Whole running seconds at `now`: what the readout shows and what a saved duration is. */
export function runningSeconds(w: Stopwatch, now: number): number {
  return Math.floor(runningMs(w, now) / 1000);
}

/** Stop: the running time freezes at `now`. Pausing a paused watch changes nothing. */
export function pause<W extends Stopwatch>(w: W, now: number): W {
  return w.pausedAt === null ? { ...w, pausedAt: Math.max(now, w.startedAt) } : w;
}

/** Resume: the paused span joins pausedTimeDiff and pausedAt is cleared. Resuming a running watch changes nothing. */
export function resume<W extends Stopwatch>(w: W, now: number): W {
  if (w.pausedAt === null) return w;
  return { ...w, pausedAt: null, pausedTimeDiff: w.pausedTimeDiff + Math.max(0, now - w.pausedAt) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 3723 s → "01:02:03"; hours keep counting past 24 (100:00:00). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
