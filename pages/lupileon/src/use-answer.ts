import { useEffect, useState } from "react";
import { lupileonApi, type SkyCall } from "./lupileon-api.ts";

/**
 * One of the sky's answers for a date. The same date always gets the same
 * answer, so answers are kept for the page's life (the latest few hundred); while a new date's answer
 * is on the way the last one stays (`stale`), and a failure is this call's
 * alone (`failed`, with `retry`).
 */
export interface Answer<T> {
  data: T | null;
  /** The date `data` is for. */
  date: string | null;
  /** `data` is not for the date asked about (yet). */
  stale: boolean;
  failed: boolean;
  retry(): void;
}

type AnswerOf<C extends SkyCall> = Awaited<ReturnType<(typeof lupileonApi)[C]>>;

/** Answers kept, the oldest dropped past this many (a date moved through day by day asks four calls a day). */
const KEPT_MAX = 400;
const kept = new Map<string, unknown>();
function keep(key: string, value: unknown) {
  kept.set(key, value);
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value as string);
}

export function useAnswer<C extends SkyCall>(call: C, date: string | null): Answer<AnswerOf<C>> {
  type T = AnswerOf<C>;
  const key = (d: string) => `${call}/${d}`;
  const [state, setState] = useState<{ data: T | null; date: string | null; failed: boolean }>(() =>
    date !== null && kept.has(key(date))
      ? { data: kept.get(key(date)) as T, date, failed: false }
      : { data: null, date: null, failed: false },
  );
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the call and the date name the answer; attempt asks again
  useEffect(() => {
    if (date === null) return;
    const known = kept.get(key(date)) as T | undefined;
    if (known !== undefined) {
      setState({ data: known, date, failed: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, failed: false }));
    (lupileonApi[call](date) as Promise<T>).then(
      (data) => {
        keep(key(date), data);
        if (live) setState({ data, date, failed: false });
      },
      (err: unknown) => {
        console.error(err);
        if (live) setState((s) => ({ ...s, failed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [call, date, attempt]);
  return {
    data: state.data,
    date: state.date,
    stale: state.date !== date,
    failed: state.failed,
    retry: () => setAttempt((a) => a + 1),
  };
}
