import { type ActiveRun, restoreRun } from "@nook/shared/runner/run";
import { parseSessions, type RunSession } from "@nook/shared/runner/session";
import { accountKey } from "@nook/ui/account";
import { readStoredText, writeStored } from "@nook/ui/stored";

/** Browser storage (spec 2 §7): the saved sessions, and the run in progress so a reload finds it. */
const SESSIONS_KEY = "nook.runner.sessions";
const CURRENT_KEY = "nook.runner.current";

// Spec 2 §8: failing to save or load sessions is only logged.
const report = (problem: string, err?: unknown) => console.error(`Runner: ${problem}`, ...(err ? [err] : []));

/** The saved sessions, newest first; none when storage is unreadable or holds no list. */
export function loadSessions(): RunSession[] {
  const raw = readStoredText(accountKey(SESSIONS_KEY), (err) => report("could not load the run sessions", err));
  return parseSessions(raw, report);
}

export function storeSessions(sessions: RunSession[]) {
  writeStored(accountKey(SESSIONS_KEY), sessions, (err) => report("could not save the run sessions", err));
}

/** The run in progress after a reload (paused if it was running), or null. */
export function loadCurrentRun(): ActiveRun | null {
  const raw = readStoredText(accountKey(CURRENT_KEY), (err) => report("could not load the run in progress", err));
  if (raw === null) return null;
  try {
    const run = restoreRun(JSON.parse(raw));
    if (!run) report("the stored run in progress is not a run");
    return run;
  } catch (err) {
    report("could not load the run in progress", err);
    return null;
  }
}

export function storeCurrentRun(run: ActiveRun | null) {
  writeStored(accountKey(CURRENT_KEY), run ?? undefined, (err) => report("could not save the run in progress", err));
}
