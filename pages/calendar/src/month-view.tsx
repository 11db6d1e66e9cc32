import { Trans, useLingui } from "@lingui/react/macro";
import { type GridDay, monthGrid } from "@nook/shared/calendar/grid";
import { parseDate } from "@nook/shared/common/calendar-date";
import type { KeyboardEvent } from "react";
import { Link } from "wouter";
import type { DayData } from "./calendar-api.ts";
import { DayItems, DayMarks, hasItems, useItemTexts } from "./day-items.tsx";
import { DayLabel } from "./day-label.tsx";
import { type Dates, useDates } from "./use-dates.ts";

/** What a key in the grid does to the chosen day, or null for a key the grid leaves alone. */
export type GridKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End" | "PageUp" | "PageDown";

interface MonthViewProps {
  /** The chosen day: the one the keyboard stands on (the grid's single tab stop). */
  date: string;
  today: string;
  days: Map<string, DayData> | null;
  /** The link of a day's own view. */
  dayHref: (date: string) => string;
  /** A key pressed on the day `from` (the focused one) moves the chosen day. */
  onKey: (key: GridKey, shift: boolean, from: string) => void;
}

const GRID_KEYS = new Set<string>([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * The month, Monday first, with the neighbour months' days around it. One
 * day is a tab stop; the arrows move a day or a week, Home and End to the
 * week's ends, Page Up and Page Down a month (with Shift, a year).
 */
export function MonthView({ date, today, days, dayHref, onKey }: MonthViewProps) {
  const { t } = useLingui();
  const dates = useDates();
  const { year, month } = parseDate(date);
  const weeks = monthGrid(year, month);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!GRID_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    // From the day the focus is on, which a click or a screen reader may have put elsewhere than the address's.
    const from = (e.target as Element).closest("[data-date]")?.getAttribute("data-date") ?? date;
    e.preventDefault();
    onKey(e.key as GridKey, e.shiftKey, from);
  };
  return (
    <>
      <table
        className="month-grid"
        aria-label={dates.monthTitle(date)}
        aria-describedby="month-keys"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {dates.weekdays.map((w) => (
              <th key={w.long} scope="col">
                <span aria-hidden="true">{w.short}</span>
                <span className="visually-hidden">{w.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((d) => (
                <MonthDay
                  key={d.date}
                  day={d}
                  data={days?.get(d.date)}
                  chosen={d.date === date}
                  today={d.date === today}
                  href={dayHref(d.date)}
                  dates={dates}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Where the days show dots instead of words (a narrow screen), what each colour means. */}
      <ul className="month-legend muted">
        <li>
          <span className="mark mark-event" aria-hidden="true" /> <Trans>event</Trans>
        </li>
        <li>
          <span className="mark mark-birthday" aria-hidden="true" /> <Trans>birthday</Trans>
        </li>
        <li>
          <span className="mark mark-deadline" aria-hidden="true" /> <Trans>deadline</Trans>
        </li>
        <li>
          <span className="mark mark-entries" aria-hidden="true" /> <Trans>journal entries</Trans>
        </li>
      </ul>
      <p id="month-keys" className="month-keys muted">
        {t`Arrow keys move between days, Page Up and Page Down between months; Enter opens a day.`}
      </p>
    </>
  );
}

function MonthDay(props: {
  day: GridDay;
  data: DayData | undefined;
  chosen: boolean;
  today: boolean;
  href: string;
  dates: Dates;
}) {
  const { day, data, chosen, today, href, dates } = props;
  const texts = useItemTexts();
  const classes = ["month-day", day.inMonth ? "" : "other-month", today ? "today" : ""].filter(Boolean).join(" ");
  return (
    <td className={classes} data-date={day.date}>
      <Link href={href} className="day-link" tabIndex={chosen ? 0 : -1} aria-current={today ? "date" : undefined}>
        <DayLabel date={day.date} dates={dates} />
        {hasItems(data) && <span className="day-summary">{`: ${texts.summary(data)}`}</span>}
      </Link>
      <DayMarks day={data} />
      <DayItems date={day.date} day={data} className="month-items" compact />
    </td>
  );
}
