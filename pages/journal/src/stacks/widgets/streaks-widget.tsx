import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { StackItemData } from "@nook/shared/stacks/item-data";
import type { GoalPeriod } from "@nook/shared/stacks/limits";
import { formatCalendarDay } from "@nook/ui/dates";
import { useToday } from "@nook/ui/use-today";
import type { StackItem } from "../stacks-api.ts";
import { barPercents, recentDays } from "./figures.ts";
import { Loaded } from "./item-widget.tsx";
import { useItemData } from "./use-item-data.ts";

/** Spec 1 §9: the last 10 of the 30 days as bars. */
const SHOWN_DAYS = 10;

/** A streak's length in its unit: days, or with a goal the weeks or months that met it. */
function Length({ n, per }: { n: number; per: GoalPeriod | null }) {
  if (per === "week") return <Plural value={n} one="# week" other="# weeks" />;
  if (per === "month") return <Plural value={n} one="# month" other="# months" />;
  return <Plural value={n} one="# day" other="# days" />;
}

/** This period's days against the goal: "2 of 3 this week". */
function GoalProgress({ goal }: { goal: NonNullable<StackItemData["streaks"]["goal"]> }) {
  const { count, times } = goal;
  return goal.per === "week" ? (
    <Trans>
      {count} of {times} this week
    </Trans>
  ) : (
    <Trans>
      {count} of {times} this month
    </Trans>
  );
}

/** `streaks`: the current streak, days since the last match, the last days and the top five. */
export function StreaksWidget({ item }: { item: StackItem }) {
  const { t, i18n } = useLingui();
  // Today in the profile's zone, the one the API counted the days in.
  const today = useToday();
  const data = useItemData(item, "streaks");
  // One way of writing a day on every page (packages/ui dates.ts).
  const date = (day: string) => formatCalendarDay(day, i18n.locale);
  return (
    <Loaded data={data}>
      {(s) => {
        const widths = barPercents(s.topStreaks.map((x) => x.length));
        const days = recentDays(s.lastDays, today, SHOWN_DAYS);
        const per = s.goal?.per ?? null;
        return (
          <>
            <p className="widget-figure">
              <Length n={s.currentStreak.length} per={per} />
            </p>
            {s.goal && (
              <p className="goal-progress">
                <GoalProgress goal={s.goal} />
              </p>
            )}
            <p className="muted">
              {s.currentStreakDateFrom ? (
                <Trans>current streak, since {date(s.currentStreakDateFrom)}</Trans>
              ) : (
                <Trans>no current streak</Trans>
              )}
              {s.daysSinceLastEntry !== null && (
                <>
                  <br />
                  {s.daysSinceLastEntry === 0 ? (
                    <Trans>last entry today</Trans>
                  ) : (
                    <Plural value={s.daysSinceLastEntry} one="last entry # day ago" other="last entry # days ago" />
                  )}
                </>
              )}
            </p>
            <ol className="day-bars" aria-label={t`The last ${SHOWN_DAYS} days`}>
              {days.map((d) => {
                const text = `${date(d.date)}: ${d.on ? t`yes` : t`no`}`;
                return (
                  <li key={d.date} className={d.on ? "day-bar on" : "day-bar"} title={text} data-date={d.date}>
                    <span className="visually-hidden">{text}</span>
                  </li>
                );
              })}
            </ol>
            {s.topStreaks.length > 0 && (
              <ol className="bars" aria-label={t`Longest streaks`}>
                {s.topStreaks.map((x, i) => (
                  <li key={x.endDate} className={x.isCurrent ? "bar-row current" : "bar-row"}>
                    <span className="bar-label">
                      <strong>
                        <Length n={x.length} per={per} />
                      </strong>{" "}
                      <span className="muted">
                        {/* A one-day streak is one date, not a range from it to itself. */}
                        {x.startDate === x.endDate ? date(x.startDate) : `${date(x.startDate)} – ${date(x.endDate)}`}
                      </span>
                    </span>
                    <span className="bar-track" aria-hidden="true">
                      <span className="bar" style={{ width: `${widths[i] ?? 0}%` }} />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </>
        );
      }}
    </Loaded>
  );
}
