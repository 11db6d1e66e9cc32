import { todayIn } from "@nook/shared/common/calendar-date";
import { useEffect, useState } from "react";
import { useReaderTimeZone } from "./auth.tsx";

/**
 * Today's date, "YYYY-MM-DD", in the zone screens count days in (the
 * profile's: useReaderTimeZone), kept current while the page stays open:
 * looked at every minute and whenever the tab is shown again — which
 * survives sleep and clock changes, as a timer set for midnight does not.
 */
export function useToday(): string {
  const zone = useReaderTimeZone();
  const [today, setToday] = useState(() => todayIn(zone));
  useEffect(() => {
    const check = () => setToday(todayIn(zone));
    check();
    const timer = setInterval(check, 60_000);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [zone]);
  return today;
}
