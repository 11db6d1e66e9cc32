import * as v from "valibot";
import { isCalendarDate } from "./calendar-date.ts";
import { DATE_TIME_TEXT_MAX, parseDateTime } from "./date-time.ts";
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, ID_DIGITS_MAX, ID_MAX } from "./limits.ts";
import { type ApiMessage, type FieldKey, isFieldKey, issueMessage, message } from "./messages.ts";
import { isMultiLineText, isOneLineText, isWellFormedText } from "./text.ts";
import { isTimeZone } from "./time-zone.ts";

/**
 * The first issue of a failed parse, in words a person can act on — always a
 * registered server message with its code, so every site can translate it.
 * valibot's own technical defaults become "<field> is not valid", the field
 * named by its key (the innermost one: "metrics.0.value" is the value), so
 * its name is translated too.
 */
export function firstIssueMessage(issues: readonly v.BaseIssue<unknown>[]): ApiMessage {
  const issue = issues[0];
  if (!issue) return message("Invalid input");
  const key = issue.path
    ?.map((p) => p.key)
    .filter((k): k is string => typeof k === "string")
    .at(-1);
  const field = key !== undefined && isFieldKey(key) ? key : undefined;
  if (field && issue.input === undefined) return message("{field} is required", { field });
  const made = issueMessage(issue);
  if (made) return made;
  return field ? message("{field} is not valid", { field }) : message("Invalid input");
}

/**
 * The words a text is refused with: one message for every refusal (a
 * machine format — an id, a date, a zone — is simply not that format), or,
 * for what a person types, the words for a value that is not a string and
 * for one too long; a control character or a broken one is then named by
 * the field (platform.textControl, platform.textBroken).
 */
export type TextWords = ApiMessage | { notText: ApiMessage; tooLong: ApiMessage };

/**
 * Every string a contract takes starts here: at most `max` UTF-16 units,
 * well-formed (an unpaired surrogate would be stored as U+FFFD unseen) and
 * free of control characters — none of U+0000–U+001F on one line; on
 * several (`lines: "multi"`), tab, line feed and carriage return allowed.
 * A field's own rules (trim, required, a format) follow in its pipe; the
 * contracts' walk (bounds.test.ts) fails on a string that does not start here.
 */
export function text(field: FieldKey, max: number, words: TextWords, lines: "one" | "multi" = "one") {
  const plain = typeof words === "function";
  return v.pipe(
    v.string(plain ? words : words.notText),
    v.maxLength(max, plain ? words : words.tooLong),
    v.check(
      isWellFormedText,
      plain ? words : message("{field} holds a broken character (an unpaired surrogate)", { field }),
    ),
    v.check(
      lines === "multi" ? isMultiLineText : isOneLineText,
      plain ? words : message("{field} cannot contain control characters", { field }),
    ),
  );
}

const ID_WORDS = message("The id must be a whole number");

/** An id in a body: a whole number from 1 to ID_MAX. */
export const id = v.pipe(
  v.number(ID_WORDS),
  v.integer(ID_WORDS),
  v.minValue(1, ID_WORDS),
  v.maxValue(ID_MAX, ID_WORDS),
);

/** A route's `:id`: up to ID_DIGITS_MAX digits, read as a number (so at most ID_MAX). */
export const IdParam = v.object({
  id: v.pipe(text("id", ID_DIGITS_MAX, ID_WORDS), v.regex(/^\d+$/, ID_WORDS), v.transform(Number)),
});

/** A span of years, both included. */
export interface Years {
  min: number;
  max: number;
}

/** The years any calendar date may name (common/limits.ts). */
export const CALENDAR_YEARS: Years = { min: CALENDAR_YEAR_MIN, max: CALENDAR_YEAR_MAX };
/** The moments of those years, in epoch milliseconds: a query's bound (a page's `before`) lies within them. */
export const CALENDAR_MOMENTS = {
  min: Date.UTC(CALENDAR_YEAR_MIN, 0, 1),
  max: Date.UTC(CALENDAR_YEAR_MAX + 1, 0, 1) - 1,
};

const inYears = (year: number, years: Years) => year >= years.min && year <= years.max;

/**
 * A calendar day, "YYYY-MM-DD", read strictly: a real day (no 30 February,
 * no 29 February outside a leap year) of a year in `years`. With `dateTime`,
 * a full ISO date-time (date-time.ts, as strictly) is taken too and its date
 * kept as written ("only the date part is kept", spec 1 §3). `invalid` is
 * said for anything that is not such a day, `required` (when given) for an
 * empty or missing one; a year outside is platform.dateYears.
 */
export function calendarDay(
  field: FieldKey,
  words: { invalid: ApiMessage; required?: ApiMessage },
  { years = CALENDAR_YEARS, dateTime = false }: { years?: Years; dateTime?: boolean } = {},
) {
  const { invalid, required = invalid } = words;
  const dayOf = (s: string) => (isCalendarDate(s) ? s : dateTime && parseDateTime(s) !== null ? s.slice(0, 10) : null);
  return v.pipe(
    text(field, dateTime ? DATE_TIME_TEXT_MAX : "YYYY-MM-DD".length, { notText: required, tooLong: invalid }),
    v.check((s) => s !== "", required),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const day = dayOf(dataset.value);
      if (day !== null) return day;
      addIssue({ message: invalid });
      return NEVER;
    }),
    v.check(
      (day) => inYears(Number(day.slice(0, 4)), years),
      message("{field} must be a date from year {min} to {max}", { field, min: years.min, max: years.max }),
    ),
  );
}

/**
 * An ISO date-time read strictly (date-time.ts), as epoch milliseconds within
 * `range` (both included). `words` is said for anything that is not one,
 * `range.words` for a moment outside.
 */
export function dateTime(field: FieldKey, words: ApiMessage, range: { min: number; max: number; words: ApiMessage }) {
  return v.pipe(
    text(field, DATE_TIME_TEXT_MAX, words),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const ms = parseDateTime(dataset.value);
      if (ms !== null) return ms;
      addIssue({ message: words });
      return NEVER;
    }),
    v.minValue(range.min, range.words),
    v.maxValue(range.max, range.words),
  );
}

/** A valid IANA time zone name, as the browser reports it (one check: `isTimeZone`). */
export const timeZone = v.pipe(
  text("timeZone", 64, message("Unknown time zone")),
  v.check(isTimeZone, message("Unknown time zone")),
);

/** `?tz=`: an IANA zone for "today" and "this week"; the profile's when absent. */
export const TzQuery = v.object({ tz: v.optional(timeZone) });

/** A page's size, as a number or as query text: a whole number from 1 to `max`. */
export function pageLimit(max: number) {
  return v.pipe(
    v.union(
      [
        v.number(),
        v.pipe(
          // As many digits as an id: enough for "limit is at most {max}" to be the words for a large one.
          text("limit", ID_DIGITS_MAX, message("limit must be a whole number")),
          v.regex(/^\d+$/, message("limit must be a whole number")),
          v.transform(Number),
        ),
      ],
      message("limit must be a whole number"),
    ),
    v.integer(message("limit must be a whole number")),
    v.minValue(1, message("limit must be at least 1")),
    v.maxValue(max, message("limit is at most {max}", { max })),
  );
}
