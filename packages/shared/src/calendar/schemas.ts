import * as v from "valibot";
import { daysBetween } from "../common/calendar-date.ts";
import { message } from "../common/messages.ts";
import { calendarDay } from "../common/validation.ts";
import { CALENDAR_DAYS_MAX } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** A real day of the calendar years (common/limits.ts): wide of the page's own, whose grids reach past them. */
const day = (field: "from" | "to") =>
  calendarDay(field, { invalid: message("from and to must be dates (YYYY-MM-DD)") });

/**
 * GET /api/calendar?from=&to=: both days included. Its `?tz=` (the profile's
 * zone when absent) is read by the API's userTimeZone, as on every route that
 * counts local days.
 */
export const CalendarQuery = v.pipe(
  v.object({ from: day("from"), to: day("to") }),
  v.check((q) => q.from <= q.to, message("from must not be after to")),
  v.check(
    (q) => daysBetween(q.from, q.to) < CALENDAR_DAYS_MAX,
    message("A calendar range is at most {max} days", { max: CALENDAR_DAYS_MAX }),
  ),
);
