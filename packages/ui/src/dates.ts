/**
 * One way of writing dates on every page: the reader's locale's order, through Intl, never a
 * second one beside it. The reader's locale is the browser's own when it speaks the page's language (an
 * en-GB browser reads "23 Nov 2026", an en-US one "Nov 23, 2026"), else the page's ("23 нояб. 2026 г."):
 * the month's name is always in the language of the words around it. Moments are written in the time zone
 * given (the profile's, packages/ui api.ts readerTimeZone); calendar days ("YYYY-MM-DD") as they are.
 */
import { zonedParts } from "@nook/shared/common/time-zone";

/** The locale dates are written in, for a page in `uiLocale`. */
export function dateLocale(uiLocale: string): string {
  const language = uiLocale.split("-")[0];
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  return browser.find((l) => l.split("-")[0] === language) ?? uiLocale;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(uiLocale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = dateLocale(uiLocale);
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

const at = (when: number | string | Date) => (when instanceof Date ? when : new Date(when));

/** A moment's day: "Nov 23, 2026". */
export const formatDate = (when: number | string | Date, uiLocale: string, timeZone: string) =>
  format(uiLocale, timeZone, { dateStyle: "medium" }).format(at(when));

/** A moment's day and time: "Nov 23, 2026, 9:41 PM". */
export const formatDateTime = (when: number | string | Date, uiLocale: string, timeZone: string) =>
  format(uiLocale, timeZone, { dateStyle: "medium", timeStyle: "short" }).format(at(when));

/** A moment's time of day: "9:41 PM", "21:41". */
export const formatTime = (when: number | string | Date, uiLocale: string, timeZone: string) =>
  format(uiLocale, timeZone, { timeStyle: "short" }).format(at(when));

/** A calendar day ("YYYY-MM-DD", no zone of its own), written as a moment's day is. */
export const formatCalendarDay = (day: string, uiLocale: string) => formatDate(`${day}T12:00:00Z`, uiLocale, "UTC");

/** A day as a list's heading: "Monday, November 23", with its year when not `thisYear`. */
export function formatDayHeading(when: number | string | Date, uiLocale: string, timeZone: string, thisYear: number) {
  const { year } = zonedParts(at(when).getTime(), timeZone);
  return format(uiLocale, timeZone, {
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(year === thisYear ? {} : { year: "numeric" }),
  }).format(at(when));
}
