import { useEffect, useState } from "react";
import { loadLore } from "./load.ts";
import type { Lore } from "./types.ts";

export type LoreState = { status: "loading" } | { status: "ready"; lore: Lore } | { status: "failed" };

/** The lore in the UI language, loaded on demand and again when the language changes; `retry` after a failure. */
export function useLore(locale: string): [LoreState, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoreState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: each retry loads again
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    loadLore(locale).then(
      (lore) => {
        if (live) setState({ status: "ready", lore });
      },
      (err: unknown) => {
        console.error(err);
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [locale, attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}
