import type { LupileonSummary } from "@nook/shared/lupileon/schemas";
import { useEffect, useState } from "react";
import { lupileonApi } from "./lupileon-api.ts";

export type SummaryState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; summary: LupileonSummary }
  | { status: "failed" };

/** The last summary this page was given: moving between /, /about-me and /astro shows it at once while it is asked again. */
let known: LupileonSummary | null = null;

/** GET /api/lupileon/summary when `enabled` (signed in): the user's name and date of birth; `retry` after a failure. */
export function useSummary(enabled: boolean): [SummaryState, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SummaryState>(
    !enabled ? { status: "idle" } : known ? { status: "ready", summary: known } : { status: "loading" },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: each retry loads again
  useEffect(() => {
    if (!enabled) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    if (!known) setState({ status: "loading" });
    lupileonApi.summary().then(
      (summary) => {
        known = summary;
        if (live) setState({ status: "ready", summary });
      },
      (err: unknown) => {
        console.error(err);
        // A summary already shown stays; only a first failure is shown as one.
        if (live) setState(known ? { status: "ready", summary: known } : { status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}
