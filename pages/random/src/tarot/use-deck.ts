import { useEffect, useState } from "react";
import { type DeckText, loadDeck } from "./deck.ts";

export type DeckState = { status: "loading" } | { status: "ready"; deck: DeckText } | { status: "failed" };

/** The deck's texts in the UI language, loaded on demand and again when the language changes; `retry` after a failure. */
export function useDeck(locale: string): [DeckState, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DeckState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: each retry loads again
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    loadDeck(locale).then(
      (deck) => {
        if (live) setState({ status: "ready", deck });
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
