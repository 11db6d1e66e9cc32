import { formatDate } from "@nook/shared/common/calendar-date";
import { useEffect, useState } from "react";

/** The reader's local date as "YYYY-MM-DD" (from the local parts: toISOString would give the UTC day). */
export function localToday(now = new Date()): string {
  return formatDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Today, kept current past midnight: checked every minute and whenever the tab is shown again. */
export function useToday(): string {
  const [today, setToday] = useState(() => localToday());
  useEffect(() => {
    const check = () => setToday(localToday());
    const timer = setInterval(check, 60_000);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, []);
  return today;
}

/** A calendar date in the reader's language: formatDay("1815-12-10", "ru", { dateStyle: "long" }). */
export function formatDay(date: string, locale: string, options: Intl.DateTimeFormatOptions): string {
  // Noon UTC, read in UTC: the same day whatever the reader's zone.
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { ...options, timeZone: "UTC" });
}
