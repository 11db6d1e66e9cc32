import { localToday } from "@nook/shared/common/calendar-date";
import { useEffect, useState } from "react";

/**
 * Today's local date, "YYYY-MM-DD", kept current while the page stays open:
 * looked at every minute and whenever the tab is shown again — which
 * survives sleep and clock changes, as a timer set for midnight does not.
 */
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
