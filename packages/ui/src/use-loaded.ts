import { useEffect, useState } from "react";

export type Loaded<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed" };

/**
 * Content loaded on demand for a key (a language's texts, say): loading, then
 * ready or failed; loaded again when the key changes, and on `retry`.
 * `load` must be a stable function (a module-level one).
 */
export function useLoaded<T>(load: (key: string) => Promise<T>, key: string): [Loaded<T>, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: retry loads again
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    load(key).then(
      (value) => {
        if (live) setState({ status: "ready", value });
      },
      (err: unknown) => {
        console.error(err);
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [load, key, attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}
