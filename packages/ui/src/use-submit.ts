import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError } from "./api.ts";

export interface SubmitOptions<A extends unknown[] = []> {
  /**
   * What a failure says (logged first): usually ``(err) => errorText(err, t`…`)``; given the run's
   * arguments too, for a hook whose runs are different writes (`(err, session) => …`).
   */
  failed(error: unknown, ...args: A): string;
  /** A check before anything is sent: its refusal in words, or "" to go on (awaited, so it may load the API's words). */
  check?(): string | Promise<string>;
  /**
   * A run while one is under way starts at once and supersedes it, instead of being ignored: the
   * earlier run's end (busy over, its failure) is no longer shown. For requests a person's next choice
   * makes stale, as the import page's previews; the earlier run's own writes are its own to stop.
   */
  supersede?: boolean;
}

/**
 * A refusal in the screen's own words, found while its action runs (a file the page will not send): shown
 * as the error as it is, instead of `failed`'s words, and not logged, being a normal answer.
 */
export class Refused extends Error {}

/** Between renders: whether a run is under way, and the number of the latest, the one whose end is shown. */
export interface Runs {
  running: boolean;
  latest: number;
}

/** Where a run says how it stands: the hook's state (nothing once the screen is gone). */
export interface RunShown<A> {
  busyWith(args: A | null): void;
  error(words: string): void;
}

/**
 * One run of a form's action, apart from React (the hook below is this and its state): refused with
 * `check`'s words, else busy with its arguments while `action` runs and showing its failure; a second
 * run while one is under way is ignored, or supersedes it (`supersede`). Resolves whether it succeeded.
 */
export async function submitRun<A extends unknown[]>(
  runs: Runs,
  shown: RunShown<A>,
  action: (...args: A) => Promise<unknown>,
  { failed, check, supersede = false }: SubmitOptions<A>,
  args: A,
): Promise<boolean> {
  if (runs.running && !supersede) return false;
  runs.running = true;
  const mine = ++runs.latest;
  const latest = () => mine === runs.latest;
  const refusal = check ? await check() : "";
  // Superseded while its check ran: the later run is the one shown.
  if (!latest()) return false;
  if (refusal) {
    runs.running = false;
    // A run this one superseded is let go with it.
    shown.busyWith(null);
    shown.error(refusal);
    return false;
  }
  shown.busyWith(args);
  shown.error("");
  try {
    await action(...args);
    return true;
  } catch (err) {
    // A refusal (a wrong password, a bad field, a file refused) is a normal answer, said in words on the
    // form: only the unexpected — a server's fault, a bug — goes to the console.
    const refused = err instanceof Refused || (err instanceof ApiError && err.status >= 400 && err.status < 500);
    if (!refused) console.error(err);
    if (latest()) shown.error(err instanceof Refused ? err.message : failed(err, ...args));
    return false;
  } finally {
    if (latest()) {
      runs.running = false;
      shown.busyWith(null);
    }
  }
}

/**
 * The one form pattern (DESIGN "Forms"): a screen writes its fields and its
 * action; this owns the rest. `onSubmit` (or `run`, for a button outside a
 * form) refuses with `check`'s words, else is busy while `action` runs and
 * shows its failure; a second submit while busy is ignored (or, with
 * `supersede`, takes over). `busyWith` is the running call's arguments, for a
 * screen whose rows share one action: the row whose button says "Ending...".
 * `clearError` when the person edits again; `setError` for a form's own words.
 */
export function useSubmit<A extends unknown[] = []>(
  action: (...args: A) => Promise<unknown>,
  options: SubmitOptions<A>,
) {
  const [busyWith, setBusyWith] = useState<A | null>(null);
  const [error, setError] = useState("");
  const runs = useRef<Runs>({ running: false, latest: 0 });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const shown: RunShown<A> = {
    busyWith(args) {
      if (mounted.current) setBusyWith(args);
    },
    error(words) {
      if (mounted.current) setError(words);
    },
  };

  /** Runs the action; resolves whether it succeeded. */
  const run = (...args: A): Promise<boolean> => submitRun(runs.current, shown, action, options, args);

  return {
    busy: busyWith !== null,
    busyWith,
    error,
    setError,
    clearError: () => setError(""),
    run,
    onSubmit(e: FormEvent) {
      e.preventDefault();
      void (run as () => Promise<boolean>)();
    },
  };
}
