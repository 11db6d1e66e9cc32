import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { progressOf } from "@nook/shared/steps/checklist";
import { useReaderTimeZone } from "@nook/ui/auth";
import { useEffect, useState } from "react";
import { timeLeft, untilChange } from "./deadline.ts";

/** Completed of total and the percent to one decimal (spec 2 §9), over a bar. */
export function ProgressLine({ completed, total }: { completed: number; total: number }) {
  const { i18n } = useLingui();
  const { percent } = progressOf(completed, total);
  const count = new Intl.NumberFormat(i18n.locale);
  const share = new Intl.NumberFormat(i18n.locale, { style: "percent", maximumFractionDigits: 1 });
  return (
    <div className="steps-progress">
      {/* The words below say the same: the bar is for the eye only. */}
      <progress className="steps-bar" value={completed} max={total || 1} aria-hidden="true" />
      <span className="steps-progress-text">
        <span data-testid="progress-count">
          {count.format(completed)}/{count.format(total)}
        </span>{" "}
        <span data-testid="progress-percent">{share.format(percent / 100)}</span>
      </span>
    </div>
  );
}

/** A deadline's date in the reader's words, on the reader's (the profile's) day. */
export function DeadlineDate({ deadline }: { deadline: string }) {
  const { i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  return (
    <time dateTime={deadline}>
      {new Date(deadline).toLocaleDateString(i18n.locale, {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone,
      })}
    </time>
  );
}

/** Now, re-read whenever the count to a deadline would read differently. */
function useNowFor(deadline: string): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const wait = untilChange(deadline, now);
    if (wait === null) return;
    // setTimeout holds at most about 24.8 days; a longer wait just checks again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return now;
}

/** '3 days left', '5 hours left', '12 minutes left', or 'Overdue' (spec 2 §9). */
export function TimeLeft({ deadline }: { deadline: string }) {
  const left = timeLeft(deadline, useNowFor(deadline));
  return (
    <span className={left.kind === "overdue" ? "steps-overdue" : "steps-time-left"} data-testid="time-left">
      {left.kind === "overdue" ? (
        <Trans>Overdue</Trans>
      ) : left.kind === "days" ? (
        <Plural value={left.n} one="# day left" other="# days left" />
      ) : left.kind === "hours" ? (
        <Plural value={left.n} one="# hour left" other="# hours left" />
      ) : (
        <Plural value={left.n} one="# minute left" other="# minutes left" />
      )}
    </span>
  );
}
