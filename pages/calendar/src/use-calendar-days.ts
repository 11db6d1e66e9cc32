import { useLingui } from "@lingui/react/macro";
import { errorText } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useData } from "@nook/ui/use-data";
import { byDay, type DayData, fetchCalendarDays } from "./calendar-api.ts";

export type CalendarDaysState =
  /** The auth check still runs. */
  | { status: "checking" }
  /** Nobody signed in: the calendar shows its days, without data. */
  | { status: "signed-out" }
  /** Loading; `days` is this span's earlier answer, shown meanwhile when there is one. */
  | { status: "loading"; days: Map<string, DayData> | null }
  | { status: "ready"; days: Map<string, DayData> }
  | { status: "failed"; error: string };

/**
 * The signed-in reader's birthdays, deadlines and journal activity of [from, to], through useData: a span
 * seen before this visit shows at once (as loading, while it is asked again); `retry` asks again.
 */
export function useCalendarDays(from: string, to: string) {
  const { t } = useLingui();
  const { state: auth } = useAuth();
  const signedIn = auth.status === "authenticated";
  const { data, error, refreshing, retry } = useData(signedIn ? `calendar/${from}..${to}` : null, async () =>
    byDay(await fetchCalendarDays(from, to)),
  );
  const state: CalendarDaysState =
    auth.status === "loading"
      ? { status: "checking" }
      : auth.status === "anonymous"
        ? { status: "signed-out" }
        : data === undefined && error !== undefined
          ? { status: "failed", error: errorText(error, t`Could not load your days`) }
          : data === undefined || refreshing
            ? { status: "loading", days: data ?? null }
            : { status: "ready", days: data };
  return { state, retry };
}
