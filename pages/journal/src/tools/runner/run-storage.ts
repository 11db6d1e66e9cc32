import { type ActiveRun, restoreRun } from "@nook/shared/runner/run";
import { parseSessions, type RunSession } from "@nook/shared/runner/session";

/** Browser storage (spec 2 §7): the saved sessions, and the run in progress so a reload finds it. */
const SESSIONS_KEY = "nook.runner.sessions";
const CURRENT_KEY = "nook.runner.current";

// Spec 2 §8: failing to save or load sessions is only logged.
const report = (problem: string, err?: unknown) => console.error(`Runner: ${problem}`, ...(err ? [err] : []));

/** The saved sessions, newest first; none when storage is unreadable or holds no list. */
export function loadSessions(): RunSession[] {
  try {
    return parseSessions(localStorage.getItem(SESSIONS_KEY), report);
  } catch (err) {
    report("could not load the run sessions", err);
    return [];
  }
}

export function storeSessions(sessions: RunSession[]) {
  try {
    localStorage.setItem(SESSIONS_KEY, JSON.stringify(sessions));
  } catch (err) {
    report("could not save the run sessions", err);
  }
}

/** The run in progress after a reload (paused if it was running), or null. */
export function loadCurrentRun(): ActiveRun | null {
  try {
    const raw = localStorage.getItem(CURRENT_KEY);
    if (raw === null) return null;
    const run = restoreRun(JSON.parse(raw));
    if (!run) report("the stored run in progress is not a run");
    return run;
  } catch (err) {
    report("could not load the run in progress", err);
    return null;
  }
}

export function storeCurrentRun(run: ActiveRun | null) {
  try {
    if (run) localStorage.setItem(CURRENT_KEY, JSON.stringify(run));
    else localStorage.removeItem(CURRENT_KEY);
  } catch (err) {
    report("could not save the run in progress", err);
  }
}
