import * as v from "valibot";
import { daysBetween, isCalendarDate } from "../common/calendar-date.ts";
import { message } from "../common/messages.ts";

/** The longest span one calendar call covers (DESIGN §5): a year view and its edges. */
export const CALENDAR_DAYS_MAX = 400;

const day = v.pipe(
  v.string(message("from and to must be dates (YYYY-MM-DD)")),
  v.check(isCalendarDate, message("from and to must be dates (YYYY-MM-DD)")),
);

/**
 * GET /api/calendar?from=&to=: both days included. Its `?tz=` (the profile's
 * zone when absent) is read by the API's userTimeZone, as on every route that
 * counts local days.
 */
export const CalendarQuery = v.pipe(
  v.object({ from: day, to: day }),
  v.check((q) => q.from <= q.to, message("from must not be after to")),
  v.check(
    (q) => daysBetween(q.from, q.to) < CALENDAR_DAYS_MAX,
    message("A calendar range is at most {max} days", { max: CALENDAR_DAYS_MAX }),
  ),
);
