import { Trans, useLingui } from "@lingui/react/macro";
import { formatDay } from "@nook/shared/common/calendar-date";
import { useReaderTimeZone } from "@nook/ui/auth";
import { originOf } from "@nook/ui/site";
import { Link } from "wouter";
import { Insights } from "./insights.tsx";
import type { Mode } from "./mode.ts";
import { Busy, Failed } from "./status.tsx";
import { useSummary } from "./use-summary.ts";

/**
 * The signed-in home (spec 2 §2 "Birth-date home"): 'Hey' and the name, then
 * the user's date of birth in the chosen mode. `/` and `/about-me` open in
 * Math, `/astro` in Stars; `?mode=` keeps another choice.
 */
export function MePage({ defaultMode }: { defaultMode: Mode }) {
  const { i18n } = useLingui();
  // The profile's zone: the day a moon phase or a solstice names is the reader's.
  const zone = useReaderTimeZone();
  const [summary, retry] = useSummary(true);
  if (summary.status === "failed")
    return (
      <section className="stack lupi">
        <Failed onRetry={retry} />
      </section>
    );
  if (summary.status !== "ready")
    return (
      <section className="stack lupi">
        <Busy />
      </section>
    );
  const { name, dateOfBirth } = summary.summary;
  const born = dateOfBirth ? formatDay(dateOfBirth, i18n.locale, { dateStyle: "long" }) : null;
  return (
    <section className="stack lupi">
      <header className="lupi-head">
        <h1 className="user-text">
          <Trans>Hey {name}!</Trans>
        </h1>
        {born && (
          <p className="muted">
            <Trans>Born on {born}.</Trans> <Link href="/by-date">{<Trans>Look at another date</Trans>}</Link>
          </p>
        )}
      </header>
      {dateOfBirth ? (
        <Insights date={dateOfBirth} defaultMode={defaultMode} whose="mine" zone={zone} />
      ) : (
        <div className="card stack lupi-no-birthday">
          <p>
            <Trans>
              Your profile has no date of birth yet. Add it to your profile to see your body in numbers, your signs and
              the sky on the day you were born.
            </Trans>
          </p>
          <p className="row">
            <a className="button" href={`${originOf("auth")}/profile`}>
              <Trans>Add my date of birth</Trans>
            </a>
            <Link className="button button-quiet" href="/by-date">
              <Trans>Look at any date</Trans>
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
