import { Trans, useLingui } from "@lingui/react/macro";
import { isCalendarDate } from "@nook/shared/common/calendar-date";
import { LUPILEON_YEAR_MAX, LUPILEON_YEAR_MIN } from "@nook/shared/lupileon/limits";
import { useAuth, useReaderTimeZone } from "@nook/ui/auth";
import { useToday } from "@nook/ui/use-today";
import { useId } from "react";
import { Link, useSearchParams } from "wouter";
import { Insights } from "./insights.tsx";
import { Busy } from "./status.tsx";
import { useSummary } from "./use-summary.ts";

const MIN_DATE = `${LUPILEON_YEAR_MIN}-01-01`;
const MAX_DATE = `${LUPILEON_YEAR_MAX}-12-31`;

/**
 * A date the page can look at: a real calendar day (not 30 February: "not-a-date") within the years the
 * API serves ("out-of-range"); null when it is one.
 */
export function dateProblem(value: string): "empty" | "not-a-date" | "out-of-range" | null {
  if (value === "") return "empty";
  if (!isCalendarDate(value)) return "not-a-date";
  if (value < MIN_DATE || value > MAX_DATE) return "out-of-range";
  return null;
}

/**
 * The by-date page (spec 2 §2 "By-date page"), open to everyone: the three
 * modes for any date, Solar first. The date is in the address (`?date=`);
 * without one it is the signed-in user's date of birth, else today.
 */
export function ByDatePage() {
  const { state } = useAuth();
  const today = useToday();
  const [params] = useSearchParams();
  const given = params.get("date");
  const [summary] = useSummary(given === null && state.status === "authenticated");
  let fallback: string | null = null;
  if (given === null) {
    if (state.status === "anonymous") fallback = today;
    else if (summary.status === "ready") fallback = summary.summary.dateOfBirth ?? today;
    else if (summary.status === "failed") fallback = today;
  }
  const value = given ?? fallback;
  return (
    <section className="stack lupi">
      <header className="lupi-head">
        <h1>
          <Trans>Any date</Trans>
        </h1>
        <p className="muted">
          <Trans>
            Pick a date: the body in numbers since then, its signs, and the sun, moon and planets on that day.
          </Trans>
        </p>
      </header>
      {value === null ? <Busy /> : <DateInsights value={value} signedIn={state.status === "authenticated"} />}
    </section>
  );
}

function DateInsights({ value, signedIn }: { value: string; signedIn: boolean }) {
  const { t } = useLingui();
  // The profile's zone when signed in, the browser's when not.
  const zone = useReaderTimeZone();
  const [, setParams] = useSearchParams();
  const id = useId();
  const problem = dateProblem(value);
  const setDate = (date: string) =>
    setParams(
      (prev) => {
        const copy = new URLSearchParams(prev);
        copy.set("date", date);
        return copy;
      },
      { replace: true },
    );
  return (
    <>
      <div className="card lupi-date-card">
        <div className="field lupi-date-field">
          <label className="field-label" htmlFor={id}>
            {t`Date`}
          </label>
          <input
            id={id}
            className="input"
            type="date"
            required
            min={MIN_DATE}
            max={MAX_DATE}
            value={value}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        {problem && (
          <p id={`${id}-problem`} className="error-line" role="alert">
            {problem === "empty"
              ? t`Choose a date: the field is required.`
              : problem === "not-a-date"
                ? t`There is no such day: choose a date that exists.`
                : t`Choose a date from 1 January 1000 to 31 December 3000.`}
          </p>
        )}
        {signedIn && (
          <p className="muted">
            <Link href="/">
              <Trans>Back to my date of birth</Trans>
            </Link>
          </p>
        )}
      </div>
      <Insights date={problem ? null : value} defaultMode="solar" whose="picked" zone={zone} />
    </>
  );
}
