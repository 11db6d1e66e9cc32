import { useLingui } from "@lingui/react/macro";
import { errorText } from "@nook/ui/api";
import { useAuth } from "@nook/ui/auth";
import { useCallback, useEffect, useState } from "react";
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

// Answers already seen this visit, by span: going back and forth shows them at once (and refreshes them).
const seen = new Map<string, Map<string, DayData>>();
const SEEN_MAX = 24;

function remember(key: string, days: Map<string, DayData>) {
  seen.delete(key);
  seen.set(key, days);
  const oldest = seen.keys().next().value;
  if (seen.size > SEEN_MAX && oldest !== undefined) seen.delete(oldest);
}

/** The signed-in reader's birthdays, deadlines and journal activity of [from, to]; `retry` asks again. */
export function useCalendarDays(from: string, to: string) {
  const { t } = useLingui();
  const { state: auth } = useAuth();
  const key = `${from}..${to}`;
  // Each answer is kept with the span it answers, so a new span never shows the last one's state.
  const [answer, setAnswer] = useState<{ key: string; state: CalendarDaysState } | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger: Try again asks once more
  useEffect(() => {
    if (auth.status !== "authenticated") return;
    let live = true;
    fetchCalendarDays(from, to).then(
      (body) => {
        const days = byDay(body);
        remember(key, days);
        if (live) setAnswer({ key, state: { status: "ready", days } });
      },
      (err: unknown) => {
        console.error(err);
        if (live) setAnswer({ key, state: { status: "failed", error: errorText(err, t`Could not load your days`) } });
      },
    );
    return () => {
      live = false;
    };
  }, [auth.status, from, to, key, t, attempt]);

  const retry = useCallback(() => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  }, []);
  const state: CalendarDaysState =
    auth.status === "loading"
      ? { status: "checking" }
      : auth.status === "anonymous"
        ? { status: "signed-out" }
        : answer?.key === key
          ? answer.state
          : { status: "loading", days: seen.get(key) ?? null };
  return { state, retry };
}
