import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError } from "./api.ts";

export interface SubmitOptions {
  /** What a failure says (logged first): usually ``(err) => errorText(err, t`…`)``. */
  failed(error: unknown): string;
  /** A check before anything is sent: its refusal in words, or "" to go on (awaited, so it may load the API's words). */
  check?(): string | Promise<string>;
}

/**
 * The one form pattern (DESIGN "Forms"): a screen writes its fields and its
 * action; this owns the rest. `onSubmit` (or `run`, for a button outside a
 * form) refuses with `check`'s words, else is busy while `action` runs and
 * shows its failure; a second submit while busy is ignored. `clearError` when
 * the person edits again; `setError` for a form's own words.
 */
export function useSubmit<A extends unknown[] = []>(
  action: (...args: A) => Promise<unknown>,
  { failed, check }: SubmitOptions,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs the action; resolves whether it succeeded. */
  async function run(...args: A): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    const refusal = (await check?.()) ?? "";
    if (refusal) {
      running.current = false;
      if (mounted.current) setError(refusal);
      return false;
    }
    setBusy(true);
    setError("");
    try {
      await action(...args);
      return true;
    } catch (err) {
      // A refusal (a wrong password, a bad field) is a normal answer, said in words on the form: only the
      // unexpected — a server's fault, a bug — goes to the console.
      if (!(err instanceof ApiError && err.status >= 400 && err.status < 500)) console.error(err);
      if (mounted.current) setError(failed(err));
      return false;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(false);
    }
  }

  return {
    busy,
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
