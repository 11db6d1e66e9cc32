import { monthGrid } from "@nook/shared/calendar/grid";
import { formatDate, parseDate } from "@nook/shared/common/calendar-date";
import { Link } from "wouter";
import type { DayData } from "./calendar-api.ts";
import { hasItems, useItemTexts } from "./day-items.tsx";
import { DayLabel } from "./day-label.tsx";
import { type Dates, useDates } from "./use-dates.ts";

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

interface YearViewProps {
  date: string;
  today: string;
  days: Map<string, DayData> | null;
  monthHref: (date: string) => string;
  dayHref: (date: string) => string;
}

/** Twelve small months; each month's name opens it, and a day that holds something opens that day. */
export function YearView({ date, today, days, monthHref, dayHref }: YearViewProps) {
  const dates = useDates();
  const { year } = parseDate(date);
  return (
    <div className="year-grid">
      {MONTHS.map((month) => (
        <MiniMonth
          key={month}
          year={year}
          month={month}
          today={today}
          days={days}
          dates={dates}
          monthHref={monthHref}
          dayHref={dayHref}
        />
      ))}
    </div>
  );
}

function MiniMonth(props: {
  year: number;
  month: number;
  today: string;
  days: Map<string, DayData> | null;
  dates: Dates;
  monthHref: (date: string) => string;
  dayHref: (date: string) => string;
}) {
  const { year, month, today, days, dates, monthHref, dayHref } = props;
  const texts = useItemTexts();
  const first = formatDate({ year, month, day: 1 });
  const id = `mini-${month}`;
  return (
    <section className="mini-month" aria-labelledby={id} data-month={month}>
      <h2 className="mini-month-title">
        <Link href={monthHref(first)} id={id}>
          {dates.month(year, month)}
        </Link>
      </h2>
      <table className="mini-grid" aria-labelledby={id}>
        <thead>
          <tr>
            {dates.weekdays.map((w) => (
              <th key={w.long} scope="col">
                <span aria-hidden="true">{w.narrow}</span>
                <span className="visually-hidden">{w.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week) => (
            <tr key={week[0]?.date}>
              {week.map((d) => {
                if (!d.inMonth) return <td key={d.date} />;
                const data = days?.get(d.date);
                const isToday = d.date === today;
                const classes = ["mini-day", isToday ? "today" : "", hasItems(data) ? "has-items" : ""];
                return (
                  <td key={d.date} className={classes.filter(Boolean).join(" ")} data-date={d.date}>
                    {hasItems(data) ? (
                      <Link href={dayHref(d.date)} aria-current={isToday ? "date" : undefined}>
                        <DayLabel date={d.date} dates={dates} />
                        <span className="visually-hidden">{`: ${texts.summary(data)}`}</span>
                      </Link>
                    ) : (
                      <span aria-current={isToday ? "date" : undefined}>{dates.dayNumber(d.date)}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
