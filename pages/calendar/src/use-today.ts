import { formatDate } from "@nook/shared/common/calendar-date";
import { useEffect, useState } from "react";

/** The reader's local date now, "YYYY-MM-DD". */
export function localToday(now = new Date()): string {
  return formatDate({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });
}

/** Today's local date; it turns over at midnight (or on waking from sleep) while the page stays open. */
export function useToday(): string {
  const [today, setToday] = useState(localToday);
  useEffect(() => {
    // A minute's look is cheap and survives sleep and clock changes, which a timer set for midnight does not.
    const timer = setInterval(() => setToday(localToday()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
