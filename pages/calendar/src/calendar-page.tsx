import { Trans, useLingui } from "@lingui/react/macro";
import {
  addMonths,
  CALENDAR_VIEWS,
  type CalendarState,
  type CalendarView,
  canStep,
  printQuery,
  readQuery,
  step,
  viewRange,
  weekStart,
  withinYears,
} from "@nook/shared/calendar/grid";
import { addDays } from "@nook/shared/common/calendar-date";
import { LoadFailed } from "@nook/ui/load-failed";
import { originOf } from "@nook/ui/site";
import { useToday } from "@nook/ui/use-today";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { type GridKey, MonthView } from "./month-view.tsx";
import { type CalendarDaysState, useCalendarDays } from "./use-calendar-days.ts";
import { useDates } from "./use-dates.ts";
import { DayView, WeekView } from "./week-view.tsx";
import { YearView } from "./year-view.tsx";

const href = (state: CalendarState) => `/?${printQuery(state)}`;

/** The day a grid key moves to from `date`. */
function movedBy(key: GridKey, shift: boolean, date: string): string {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return weekStart(date);
    case "End":
      return addDays(weekStart(date), 6);
    case "PageUp":
      return addMonths(date, shift ? -12 : -1);
    case "PageDown":
      return addMonths(date, shift ? 12 : 1);
  }
}

/**
 * The calendar (DESIGN §5 "Calendar"): year, month, week and day views of
 * the real today, kept in the address (`?view=&year=&month=&day=`), so a
 * reload, a shared link and Back all land on the same view; an address
 * naming no real day is corrected to the nearest one. Signed in, the
 * days show the reader's events, birthdays, steps deadlines and journal
 * activity, and an event is added here.
 */
export function CalendarPage() {
  const { t } = useLingui();
  const dates = useDates();
  const today = useToday();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { state, corrected } = readQuery(search, today);
  const { from, to } = viewRange(state);
  const { state: data, retry } = useCalendarDays(from, to);
  const days = data.status === "ready" || data.status === "loading" ? data.days : null;
  const loading = data.status === "checking" || data.status === "loading";

  const go = (next: CalendarState, replace = false) => navigate(href(next), { replace });

  // An address that names no day (30 February, month 13) is shown as the nearest day, and made to say it.
  const correctedHref = corrected ? href(state) : null;
  useEffect(() => {
    if (correctedHref) navigate(correctedHref, { replace: true });
  }, [correctedHref, navigate]);

  // After a key moves the chosen day, the focus follows it into the new grid.
  const focusDay = useRef<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const date = focusDay.current;
    if (!date) return;
    focusDay.current = null;
    panel.current?.querySelector<HTMLElement>(`[data-date="${date}"] .day-link`)?.focus();
  });
  const onGridKey = (key: GridKey, shift: boolean, from: string) => {
    const date = movedBy(key, shift, from);
    if (!withinYears(date)) return;
    focusDay.current = date;
    go({ view: "month", date }, true);
  };

  const labels: Record<CalendarView, { tab: string; previous: string; next: string; title: string }> = {
    year: { tab: t`Year`, previous: t`Previous year`, next: t`Next year`, title: dates.yearTitle(state.date) },
    month: { tab: t`Month`, previous: t`Previous month`, next: t`Next month`, title: dates.monthTitle(state.date) },
    week: { tab: t`Week`, previous: t`Previous week`, next: t`Next week`, title: dates.rangeTitle(from, to) },
    day: { tab: t`Day`, previous: t`Previous day`, next: t`Next day`, title: dates.fullDay(state.date) },
  };
  const current = labels[state.view];

  return (
    <section className="calendar stack">
      <Tabs view={state.view} labels={labels} onChoose={(view) => go({ view, date: state.date })} />
      <div
        ref={panel}
        role="tabpanel"
        id="calendar-panel"
        aria-labelledby={`tab-${state.view}`}
        className="calendar-panel stack"
        aria-busy={loading}
      >
        <div className="calendar-nav">
          <button
            type="button"
            className="icon-button caret"
            aria-label={current.previous}
            title={current.previous}
            disabled={!canStep(state, -1)}
            onClick={() => go(step(state, -1))}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <div className="calendar-heading">
            <h1 className="calendar-title" aria-live="polite">
              {current.title}
            </h1>
            {loading && (
              <span className="spinner calendar-spinner">
                <span className="visually-hidden">
                  <Trans>Loading your days...</Trans>
                </span>
              </span>
            )}
          </div>
          <button
            type="button"
            className="icon-button caret"
            aria-label={current.next}
            title={current.next}
            disabled={!canStep(state, 1)}
            onClick={() => go(step(state, 1))}
          >
            <span aria-hidden="true">›</span>
          </button>
          <button
            type="button"
            className="button button-quiet button-small"
            onClick={() => go({ view: state.view, date: today })}
          >
            <Trans>Today</Trans>
          </button>
        </div>
        <DataStatus data={data} retry={retry} />
        {data.status !== "signed-out" && data.status !== "checking" && (
          <div className="row calendar-actions">
            <Link className="button button-small" href={`/events/new?date=${state.date}`}>
              <Trans>Add event</Trans>
            </Link>
            <Link className="button button-quiet button-small" href="/feed">
              <Trans>In your calendar app</Trans>
            </Link>
          </div>
        )}
        {state.view === "year" ? (
          <YearView
            date={state.date}
            today={today}
            days={days}
            monthHref={(date) => href({ view: "month", date })}
            dayHref={(date) => href({ view: "day", date })}
          />
        ) : state.view === "month" ? (
          <MonthView
            date={state.date}
            today={today}
            days={days}
            dayHref={(date) => href({ view: "day", date })}
            onKey={onGridKey}
          />
        ) : state.view === "week" ? (
          <WeekView date={state.date} today={today} days={days} dayHref={(date) => href({ view: "day", date })} />
        ) : (
          <DayView date={state.date} today={today} days={days} />
        )}
      </div>
    </section>
  );
}

/** The four views as tabs: arrows, Home and End move between them (and choose), as the ARIA tabs pattern has it. */
function Tabs({
  view,
  labels,
  onChoose,
}: {
  view: CalendarView;
  labels: Record<CalendarView, { tab: string }>;
  onChoose: (view: CalendarView) => void;
}) {
  const { t } = useLingui();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const i = CALENDAR_VIEWS.indexOf(view);
    const next =
      e.key === "ArrowRight"
        ? (i + 1) % 4
        : e.key === "ArrowLeft"
          ? (i + 3) % 4
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? 3
              : null;
    if (next === null) return;
    e.preventDefault();
    onChoose(CALENDAR_VIEWS[next] ?? view);
    list.current?.querySelector<HTMLElement>(`#tab-${CALENDAR_VIEWS[next]}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t`Calendar view`}
      className="segmented calendar-tabs"
      onKeyDown={onKeyDown}
    >
      {CALENDAR_VIEWS.map((v) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`tab-${v}`}
          aria-selected={v === view}
          aria-controls="calendar-panel"
          tabIndex={v === view ? 0 : -1}
          className="segment calendar-tab"
          onClick={() => onChoose(v)}
        >
          {labels[v].tab}
        </button>
      ))}
    </div>
  );
}

/** Signed out, a sign-in link in words; a failed load, its reason and another try. (Loading is the spinner.) */
function DataStatus({ data, retry }: { data: CalendarDaysState; retry: () => void }) {
  if (data.status === "signed-out") {
    const login = `${originOf("auth")}/login?next=${encodeURIComponent(location.href)}`;
    return (
      <p className="calendar-status muted">
        <Trans>
          <a href={login}>Sign in</a> to see birthdays, steps deadlines and journal entries on your days.
        </Trans>
      </p>
    );
  }
  if (data.status === "failed") return <LoadFailed text={data.error} retry={retry} className="calendar-status" />;
  return null;
}
