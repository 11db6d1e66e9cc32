import { Trans } from "@lingui/react/macro";
import { weekOf } from "@nook/shared/calendar/grid";
import { Link } from "wouter";
import type { DayData } from "./calendar-api.ts";
import { DayItems, hasItems } from "./day-items.tsx";
import { useDates } from "./use-dates.ts";

interface WeekViewProps {
  date: string;
  today: string;
  days: Map<string, DayData> | null;
  dayHref: (date: string) => string;
}

/** Monday to Sunday, each day with its birthdays, deadlines and journal entries. */
export function WeekView({ date, today, days, dayHref }: WeekViewProps) {
  const dates = useDates();
  return (
    <ol className="week-list">
      {weekOf(date).map((d) => (
        <li key={d} className={d === today ? "week-day today" : "week-day"} data-date={d}>
          <h2 className="week-day-title">
            <Link href={dayHref(d)} className="week-day-link" aria-current={d === today ? "date" : undefined}>
              {dates.weekDay(d)}
            </Link>
          </h2>
          <DayItems date={d} day={days?.get(d)} />
        </li>
      ))}
    </ol>
  );
}

/** One day and all it holds, or a word that it holds nothing (once the data is in). */
export function DayView({ date, today, days }: { date: string; today: string; days: Map<string, DayData> | null }) {
  const day = days?.get(date);
  return (
    <div className={date === today ? "day-view today" : "day-view"} data-date={date}>
      {date === today && (
        <p className="today-badge" aria-current="date">
          <Trans>Today</Trans>
        </p>
      )}
      {hasItems(day) ? (
        <DayItems date={date} day={day} className="day-view-items" />
      ) : (
        days && (
          <p className="muted">
            <Trans>Nothing on this day.</Trans>
          </p>
        )
      )}
    </div>
  );
}
