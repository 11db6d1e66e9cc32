import { useLingui } from "@lingui/react/macro";
import { parseDate } from "@nook/shared/common/calendar-date";
import { useMemo } from "react";

/** A calendar date as an instant that every zone's formatter, told UTC, reads as that same day. */
const instant = (date: string) => {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day, 12));
};

// 5 January 2026 is a Monday: the seven days from it name the weekdays in order.
const A_WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i, 12)));

/** "апрель 2025 г." → "Апрель 2025 г.", "пн" → "Пн": a heading starts with a capital in every language. */
const capital = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** Month, weekday and day names in the active locale, all from Intl (no hand-written tables). */
export function useDates() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  return useMemo(() => {
    const format = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    const monthAlone = format({ month: "long" });
    const monthYear = format({ month: "long", year: "numeric" });
    const fullDay = format({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
    const dayOfMonth = format({ day: "numeric" });
    const dayMonth = format({ day: "numeric", month: "long", year: "numeric" });
    const weekDay = format({ weekday: "long", day: "numeric", month: "long" });
    const weekdayShort = format({ weekday: "short" });
    const weekdayNarrow = format({ weekday: "narrow" });
    const weekdayLong = format({ weekday: "long" });
    const yearOnly = format({ year: "numeric" });
    return {
      /** "April": a month's own name (the nominative in Russian). */
      month: (year: number, month: number) =>
        capital(monthAlone.format(new Date(Date.UTC(year, month - 1, 1, 12))), locale),
      /** "April 2025". */
      monthTitle: (date: string) => capital(monthYear.format(instant(date)), locale),
      /** "2025". */
      yearTitle: (date: string) => yearOnly.format(instant(date)),
      /** "21 – 27 April 2025", the span written once. */
      rangeTitle: (from: string, to: string) => dayMonth.formatRange(instant(from), instant(to)),
      /** "Thursday, 24 April 2025". */
      fullDay: (date: string) => capital(fullDay.format(instant(date)), locale),
      /** "Thursday, 24 April". */
      weekDay: (date: string) => capital(weekDay.format(instant(date)), locale),
      /** "24". */
      dayNumber: (date: string) => dayOfMonth.format(instant(date)),
      /** "Thursday, 24 April 2025" in pieces: the day's number (`day`) and the words around it. */
      fullDayParts: (date: string) => fullDay.formatToParts(instant(date)),
      /** Monday first: "M", "Mon", "Monday" … "S", "Sun", "Sunday"; capitalised as column heads ("Пн", not "пн"). */
      weekdays: A_WEEK.map((d) => ({
        narrow: capital(weekdayNarrow.format(d), locale),
        short: capital(weekdayShort.format(d), locale),
        long: capital(weekdayLong.format(d), locale),
      })),
    };
  }, [locale]);
}

export type Dates = ReturnType<typeof useDates>;
