/** The analogue clock of the running time (spec 2 §2, §9): the second hand turns 6° a second. */
export interface HandAngles {
  second: number;
  minute: number;
  hour: number;
}

/** Degrees clockwise from 12 for whole running seconds: seconds 6°/s, minutes 6°/min, hours 30°/h (12 h a turn). */
export function handAngles(seconds: number): HandAngles {
  const s = Math.max(0, Math.floor(seconds));
  return {
    second: (s % 60) * 6,
    minute: ((s / 60) % 60) * 6,
    hour: ((s / 3600) % 12) * 30,
  };
}

/** The default goal (spec 2 §9): one hour from now. */
export const GOAL_DEFAULT_MS = 60 * 60 * 1000;

export interface GoalProgress {
  /** 0 to 1 of the way from the start to the goal. */
  fraction: number;
  /** Milliseconds until the goal; 0 once reached. */
  remainingMs: number;
  reached: boolean;
}

/**
 * How far the clock has come from the timer's start towards its goal, a
 * moment (the goal is a date and time, as its datetime-local field says). A
 * goal at or before the start is reached at once.
 */
export function goalProgress(startedAt: number, goal: number, now: number): GoalProgress {
  const span = goal - startedAt;
  const remainingMs = Math.max(0, goal - now);
  if (span <= 0 || remainingMs === 0) return { fraction: 1, remainingMs: 0, reached: true };
  return { fraction: Math.min(1, Math.max(0, (now - startedAt) / span)), remainingMs, reached: false };
}
