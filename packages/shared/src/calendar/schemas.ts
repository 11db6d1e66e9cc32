import * as v from "valibot";
import { daysBetween } from "../common/calendar-date.ts";
import { message } from "../common/messages.ts";
import { calendarDay, text } from "../common/validation.ts";
import {
  ALL_DAY_REMINDERS,
  EVENT_NOTE_MAX,
  EVENT_REMINDERS,
  EVENT_REPEATS,
  EVENT_TITLE_MAX,
  isWallTime,
} from "./events.ts";
import { CALENDAR_DAYS_MAX } from "./limits.ts";

export { IdParam } from "../common/validation.ts";
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

const titleWords = {
  notText: message("An event needs a title"),
  tooLong: message("An event's title is at most {max} characters", { max: EVENT_TITLE_MAX }),
};
const TIME_WORDS = message("start and end are times of day (HH:MM)");
const wallTime = (field: "start" | "end") =>
  v.optional(v.nullable(v.pipe(text(field, "HH:MM".length, TIME_WORDS), v.check(isWallTime, TIME_WORDS))), null);

/**
 * POST /api/calendar/events, and PUT /api/calendar/events/{id} (the whole event, against the version it
 * was read at, If-Match): a day, or a span of wall times on it in the profile's zone, once or repeating.
 */
export const EventBody = v.pipe(
  v.object({
    title: v.pipe(
      text("title", EVENT_TITLE_MAX, titleWords),
      v.trim(),
      v.minLength(1, message("An event needs a title")),
    ),
    note: v.optional(
      text(
        "note",
        EVENT_NOTE_MAX,
        {
          notText: message("{field} is not valid", { field: "note" }),
          tooLong: message("An event's note is at most {max} characters", { max: EVENT_NOTE_MAX }),
        },
        "multi",
      ),
      "",
    ),
    date: calendarDay("date", { invalid: message("An event's date is a date (YYYY-MM-DD)") }),
    start: wallTime("start"),
    end: wallTime("end"),
    repeat: v.optional(v.picklist(EVENT_REPEATS, message("repeat is none, weekly, monthly or yearly")), "none"),
  }),
  v.check(
    (e) => (e.start === null) === (e.end === null),
    message("An event has both a start and an end, or neither (all day)"),
  ),
);
export type EventBody = v.InferInput<typeof EventBody>;

const reminder = (choices: readonly number[]) =>
  v.optional(v.nullable(v.picklist(choices as number[], message("A reminder is one of the page's choices"))), null);

/**
 * POST /api/calendar/feed (a new address, the old one ended) and PUT /api/calendar/feed (the same address):
 * the reminders the feed carries, and the language of its own words.
 */
export const FeedBody = v.object({
  birthdays: reminder(ALL_DAY_REMINDERS),
  deadlines: reminder(ALL_DAY_REMINDERS),
  events: reminder(EVENT_REMINDERS),
  locale: v.optional(v.picklist(["en", "ru"], message("The feed's language is en or ru")), "en"),
});
export type FeedBody = v.InferInput<typeof FeedBody>;
