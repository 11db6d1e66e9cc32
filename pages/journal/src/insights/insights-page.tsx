import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { Finding, Insights } from "@nook/shared/insights/schemas";
import { api, errorText, ok } from "@nook/ui/api";
import { formatCalendarDay } from "@nook/ui/dates";
import { LoadFailed } from "@nook/ui/load-failed";
import { useData } from "@nook/ui/use-data";
import { useToday } from "@nook/ui/use-today";
import { useId, useState } from "react";
import { Link } from "wouter";
import "./insights.css";

/** The spans the page offers, in days up to today; 365, the API's default, unless the address says another. */
const SPANS = [30, 90, 365, 1095, 3650] as const;
type Span = (typeof SPANS)[number];
const SPAN_NAMES: Record<Span, MessageDescriptor> = {
  30: msg`the last 30 days`,
  90: msg`the last 90 days`,
  365: msg`the last 365 days`,
  1095: msg`the last 3 years`,
  3650: msg`the last 10 years`,
};
const WEEKDAYS: MessageDescriptor[] = [
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
  msg`Sunday`,
];

/**
 * The day `days` before a day ("YYYY-MM-DD"), on UTC day numbers. Written here, not imported from
 * calendar-date: an import from a module the first load shares would pull the function into the first load.
 */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The span in the address (`?span=`), or the default. */
function spanOf(search: string): Span {
  const asked = Number(new URLSearchParams(search).get("span"));
  return (SPANS as readonly number[]).includes(asked) ? (asked as Span) : 365;
}

const load = (from: string, to: string) => () => ok(api.journal.insights.$get({ query: { from, to } }));

/**
 * /insights: what goes with a good day (GET /api/journal/insights, DESIGN §5 "Insights") — each finding in
 * words, strongest first, with its interval; the weekdays' means; and how they are worked out, so a person
 * can weigh them. The span is kept in the address (`?span=`).
 */
export function InsightsPage() {
  const { t } = useLingui();
  const [span, setSpan] = useState(() => spanOf(location.search));
  const choose = (value: string) => {
    const next = spanOf(`span=${value}`);
    setSpan(next);
    // Kept in the address, so a reload or a link opens on it (wouter's search hook would join the first load).
    history.replaceState(null, "", next === 365 ? location.pathname : `${location.pathname}?span=${next}`);
  };
  const today = useToday();
  const from = daysBefore(today, span - 1);
  const { data, error, retry } = useData(`journal/insights/${from}/${today}`, load(from, today));
  const spanId = useId();
  return (
    <section className="stack insights-page" aria-labelledby="insights-title">
      <header className="row insights-header">
        <h1 id="insights-title">
          <Trans>Insights</Trans>
        </h1>
        <span className="header-gap" />
        <Link href="/">
          <Trans>Back to the journal</Trans>
        </Link>
      </header>
      <p className="muted">
        <Trans>What goes with your mood: tags, people and metrics, each day against the others.</Trans>
      </p>
      <div className="row insights-span">
        <label htmlFor={spanId}>
          <Trans>Days</Trans>
        </label>
        <select id={spanId} value={span} onChange={(e) => choose(e.target.value)}>
          {SPANS.map((s) => (
            <option key={s} value={s}>
              {t(SPAN_NAMES[s])}
            </option>
          ))}
        </select>
      </div>
      {data === undefined ? (
        error === undefined ? (
          <p className="muted" aria-busy="true">
            <Trans>...loading insights</Trans>
          </p>
        ) : (
          <LoadFailed text={errorText(error, t`Could not load the insights`)} retry={retry} />
        )
      ) : (
        <InsightsOf insights={data} />
      )}
      <HowItWorks />
    </section>
  );
}

function InsightsOf({ insights }: { insights: Insights }) {
  const { i18n } = useLingui();
  const { days, findings } = insights;
  const clear = findings.filter((f) => f.significant);
  const unclear = findings.filter((f) => !f.significant);
  const range = `${formatCalendarDay(insights.from, i18n.locale)} – ${formatCalendarDay(insights.to, i18n.locale)}`;
  return (
    <>
      <p className="insights-range">
        {range}: <Plural value={days} one="# day with a mood" other="# days with a mood" />
      </p>
      {days === 0 ? (
        <p className="muted">
          <Trans>No moods in these days yet: insights need days with a mood (the faces under the entry's text).</Trans>
        </p>
      ) : (
        <>
          <section className="insights-section" aria-labelledby="insights-found">
            <h2 id="insights-found">
              <Trans>What stands out</Trans>
            </h2>
            {clear.length ? (
              <ol className="insights-list">
                {clear.map((f) => (
                  <FindingRow key={`${f.kind} ${f.name} ${f.lag}`} finding={f} />
                ))}
              </ol>
            ) : (
              <p className="muted">
                {insights.tested === 0 ? (
                  <Trans>
                    Nothing to test yet: a tag or person needs at least 10 days with a mood with it and 10 without, a
                    metric 10 days with a mood.
                  </Trans>
                ) : (
                  <Plural
                    value={insights.tested}
                    one="Nothing stands out yet: # test made, none clear after the correction for many tests."
                    other="Nothing stands out yet: # tests made, none clear after the correction for many tests."
                  />
                )}
              </p>
            )}
          </section>
          <Weekdays insights={insights} />
          {unclear.length > 0 && (
            <section className="insights-section" aria-labelledby="insights-unclear">
              <h2 id="insights-unclear">
                <Trans>Tested, no clear difference</Trans>
              </h2>
              <ul className="insights-list insights-unclear">
                {unclear.map((f) => (
                  <FindingRow key={`${f.kind} ${f.name} ${f.lag}`} finding={f} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}

/** A finding in words: its sentence, then its interval and its numbers. */
function FindingRow({ finding: f }: { finding: Finding }) {
  const { i18n } = useLingui();
  const n = (x: number, digits = 1) =>
    i18n.number(x, { maximumFractionDigits: digits, minimumFractionDigits: digits, signDisplay: "never" });
  const signed = (x: number, digits = 1) =>
    i18n.number(x, { maximumFractionDigits: digits, minimumFractionDigits: digits, signDisplay: "exceptZero" });
  const low = signed(f.low, f.kind === "metric" ? 2 : 1);
  const high = signed(f.high, f.kind === "metric" ? 2 : 1);
  // Below 0.001 a p says no more than that it is tiny.
  const q = f.q < 0.001 ? `< ${i18n.number(0.001)}` : i18n.number(f.q, { maximumSignificantDigits: 2 });
  const withMean = n(f.withMean ?? 0, 2);
  const withoutMean = n(f.withoutMean ?? 0, 2);
  return (
    <li className={`insights-finding ${f.difference >= 0 ? "insights-up" : "insights-down"}`}>
      <p className="insights-sentence">
        <span aria-hidden="true" className="insights-arrow">
          {f.difference >= 0 ? "▲" : "▼"}
        </span>{" "}
        <Sentence finding={f} size={n(Math.abs(f.difference), f.kind === "metric" ? 2 : 1)} />
      </p>
      <p className="muted insights-numbers">
        {f.kind === "metric" ? (
          <Trans>
            95% interval {low} to {high}; adjusted p {q}
          </Trans>
        ) : (
          <Trans>
            Mean mood {withMean} against {withoutMean}; 95% interval {low} to {high}; adjusted p {q}
          </Trans>
        )}
      </p>
    </li>
  );
}

/** "Your mood is 0.8 higher on days with #run (54 days)", and the others of its kind. */
function Sentence({ finding: f, size }: { finding: Finding; size: string }) {
  const name = <bdi className="user-text">{f.kind === "tag" ? `#${f.name}` : f.name}</bdi>;
  const up = f.difference >= 0;
  const days = <Plural value={f.days} one="# day" other="# days" />;
  if (f.kind === "metric")
    return up ? (
      <Trans>
        The more {name}, the better your mood (rank correlation {size} over {days})
      </Trans>
    ) : (
      <Trans>
        The more {name}, the worse your mood (rank correlation {size} over {days})
      </Trans>
    );
  if (f.lag === 1)
    return up ? (
      <Trans>
        Your mood is {size} higher on the day after {name} ({days})
      </Trans>
    ) : (
      <Trans>
        Your mood is {size} lower on the day after {name} ({days})
      </Trans>
    );
  return up ? (
    <Trans>
      Your mood is {size} higher on days with {name} ({days})
    </Trans>
  ) : (
    <Trans>
      Your mood is {size} lower on days with {name} ({days})
    </Trans>
  );
}

/** The weekdays' mean moods, as a table with a bar each (the bar says nothing the number does not). */
function Weekdays({ insights }: { insights: Insights }) {
  const { t, i18n } = useLingui();
  return (
    <section className="insights-section" aria-labelledby="insights-weekdays">
      <h2 id="insights-weekdays">
        <Trans>Your mood by weekday</Trans>
      </h2>
      <table className="insights-weekdays">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Weekday</Trans>
            </th>
            <th scope="col">
              <Trans>Mean mood</Trans>
            </th>
            <th scope="col">
              <Trans>Days</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {insights.weekdays.map((w) => (
            <tr key={w.weekday}>
              <th scope="row">{t(WEEKDAYS[w.weekday] as MessageDescriptor)}</th>
              <td>
                {w.mean === null ? (
                  <span className="muted">—</span>
                ) : (
                  <span className="insights-bar-cell">
                    <span className="insights-value">
                      {i18n.number(w.mean, { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
                    </span>
                    <span className="insights-track" aria-hidden="true">
                      <span
                        className="insights-bar"
                        // Moods run 1 to 5: a bar from 1, on a track of the same length for every day.
                        style={{ inlineSize: `${((w.mean - 1) / 4) * 100}%` }}
                      />
                    </span>
                  </span>
                )}
              </td>
              <td>{i18n.number(w.days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function HowItWorks() {
  return (
    <details className="insights-how">
      <summary>
        <Trans>How these are worked out</Trans>
      </summary>
      <ul>
        <li>
          <Trans>
            A day's mood is the mean of that day's moods, days counted in your profile's time zone. Days without a mood
            count on neither side.
          </Trans>
        </li>
        <li>
          <Trans>
            For each tag and person: the mean mood on days with it against days without, and on the day after. The
            difference comes with its 95% interval and its p (Welch's t-test). A tag or person is tested only with at
            least 10 days on each side.
          </Trans>
        </li>
        <li>
          <Trans>
            For each metric (its sum for the day): the rank correlation with the day's mood (Spearman), over at least 10
            days having both, with a 95% interval.
          </Trans>
        </li>
        <li>
          <Trans>
            Many tests at once find some differences by chance, so every p is adjusted together (Benjamini–Hochberg): a
            finding stands out when its adjusted p is at most 0.05. Those come first, the surest first.
          </Trans>
        </li>
        <li>
          <Trans>Going together is not causing: a tag may only share its days with what really moves you.</Trans>
        </li>
      </ul>
    </details>
  );
}
