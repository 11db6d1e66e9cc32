import type { LupileonSummary } from "@nook/shared/lupileon/schemas";
import { useEffect, useState } from "react";
import { lupileonApi } from "./lupileon-api.ts";

export type SummaryState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; summary: LupileonSummary }
  | { status: "failed" };

/** GET /api/lupileon/summary when `enabled` (signed in): the user's name and date of birth; `retry` after a failure. */
export function useSummary(enabled: boolean): [SummaryState, retry: () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SummaryState>({ status: enabled ? "loading" : "idle" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: each retry loads again
  useEffect(() => {
    if (!enabled) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    lupileonApi.summary().then(
      (summary) => {
        if (live) setState({ status: "ready", summary });
      },
      (err: unknown) => {
        console.error(err);
        if (live) setState({ status: "failed" });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}
