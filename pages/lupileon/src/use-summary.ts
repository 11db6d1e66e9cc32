import type { LupileonSummary } from "@nook/shared/lupileon/schemas";
import { useData } from "@nook/ui/use-data";
import { lupileonApi } from "./lupileon-api.ts";

export type SummaryState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; summary: LupileonSummary }
  | { status: "failed" };

/**
 * GET /api/lupileon/summary when `enabled` (signed in): the user's name and date of birth; `retry` after a
 * failure. Through useData, so moving between /, /about-me and /astro shows the last answer at once while it
 * is asked again, and a summary already shown stays when a refresh fails (only a first failure is shown).
 */
export function useSummary(enabled: boolean): [SummaryState, retry: () => void] {
  const { data, error, retry } = useData(enabled ? "lupileon/summary" : null, lupileonApi.summary);
  const state: SummaryState = !enabled
    ? { status: "idle" }
    : data !== undefined
      ? { status: "ready", summary: data }
      : error === undefined
        ? { status: "loading" }
        : { status: "failed" };
  return [state, retry];
}
