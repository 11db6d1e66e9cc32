import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatDuration } from "@nook/shared/common/duration";
import { useReaderTimeZone } from "@nook/ui/auth";
import { formatDateTime } from "@nook/ui/dates";
import { useData } from "@nook/ui/use-data";
import { When } from "../../entries/entry-item.tsx";
import { timerApi } from "./timer-api.ts";

/**
 * The timer page's statistics (DESIGN §5, in place of the spec's placeholder):
 * the time saved today, this week and ever, and the latest saved timers — the
 * journal entries with a `duration`.
 */
export const TIMER_STATS_KEY = "journal/timer-stats";

/**
 * A run of identical timers (same message, tags and duration, saved one after another) is one row, as in
 * the journal: its count is shown as the journal's ↑N, so "3 timers" above one row adds up.
 */
function Lifts({ n }: { n: number }) {
  const said = plural(n, { one: "# identical timer in a row", other: "# identical timers in a row" });
  return (
    <span className="timer-recent-lifts" title={said} data-testid="other-timer-lifts">
      <span aria-hidden="true">↑{n}</span>
      <span className="visually-hidden">{said}</span>
    </span>
  );
}

export function TimerStats() {
  const { i18n } = useLingui();
  const timeZone = useReaderTimeZone();
  // Spec 2 §8: timer errors are logged (useData logs); the page says the figures are missing.
  // A save writes an entry and invalidates the journal's keys (timer-page.tsx), these among them.
  const { data: stats, error } = useData(TIMER_STATS_KEY, timerApi.stats);
  const failed = error !== undefined;

  const now = new Date();
  return (
    <section className="card stack timer-stats" aria-labelledby="timer-stats-title">
      <h2 id="timer-stats-title">
        <Trans>Time kept</Trans>
      </h2>
      {failed && !stats ? (
        <p className="muted">
          <Trans>The statistics could not be loaded.</Trans>
        </p>
      ) : !stats ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading statistics...</Trans>
        </p>
      ) : (
        <>
          <dl className="timer-figures" data-testid="timer-figures">
            <div>
              <dt>
                <Trans>Today</Trans>
              </dt>
              <dd data-testid="timer-today">{formatDuration(stats.today, i18n.locale)}</dd>
            </div>
            <div>
              <dt>
                <Trans>This week</Trans>
              </dt>
              <dd data-testid="timer-week">{formatDuration(stats.week, i18n.locale)}</dd>
            </div>
            <div>
              <dt>
                <Trans>All time</Trans>
              </dt>
              <dd data-testid="timer-total">{formatDuration(stats.total, i18n.locale)}</dd>
              <dd className="muted timer-count">
                <Plural value={stats.count} one="# timer" other="# timers" />
              </dd>
            </div>
          </dl>
          {stats.others > 0 && (
            // Time kept another way (a run, a duration typed in the journal) is the journal's, not the timer's.
            <p className="muted" data-testid="timer-others">
              <Plural
                value={stats.others}
                one="Not counted here: # other entry with a duration (a run, or typed in the journal)"
                other="Not counted here: # other entries with a duration (runs, or typed in the journal)"
              />
            </p>
          )}
          <h3>
            <Trans>Other timers</Trans>
          </h3>
          {stats.recent.length === 0 ? (
            <p className="muted">
              <Trans>No saved timers yet: Start, Stop, then Save writes one to the journal.</Trans>
            </p>
          ) : (
            <ul className="timer-recent">
              {stats.recent.map((e) => (
                <li key={e.id} data-testid="other-timer">
                  <span className="timer-recent-duration">
                    {formatDuration(e.metrics.find((m) => m.name === "duration")?.value ?? 0, i18n.locale)}
                    {e.isLifted && <Lifts n={e.totalLifts} />}
                  </span>
                  <span className="timer-recent-text">
                    {e.text ? (
                      <span className="user-text" dir="auto">
                        {e.text}
                      </span>
                    ) : (
                      <span className="muted">
                        <Trans>(no message)</Trans>
                      </span>
                    )}
                    {e.tags.length > 0 && (
                      <span className="timer-recent-tags muted">
                        {e.tags.map((tag) => (
                          <span key={tag.id} className="user-text">
                            #{tag.name}
                          </span>
                        ))}
                      </span>
                    )}
                  </span>
                  <time
                    className="muted timer-recent-when"
                    dateTime={e.date}
                    title={formatDateTime(e.date, i18n.locale, timeZone)}
                  >
                    <When date={e.date} now={now} timeZone={timeZone} />
                  </time>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
