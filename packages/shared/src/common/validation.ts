import * as v from "valibot";
import { type ApiMessage, matchServerMessage, message } from "./messages.ts";
import { isTimeZone } from "./time-zone.ts";

/** "currentPassword" → "Current password". */
function fieldName(key: string) {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The first issue of a failed parse, in words a person can act on — always a
 * registered server message, so every site can translate it. valibot's own
 * technical defaults become "<Field> is not valid".
 */
export function firstIssueMessage(issues: readonly v.BaseIssue<unknown>[]): ApiMessage {
  const issue = issues[0];
  if (!issue) return message("Invalid input");
  const key = issue.path?.map((p) => String(p.key)).join(".");
  if (key && issue.input === undefined) return message("{field} is required", { field: fieldName(key) });
  if (matchServerMessage(issue.message)) return issue.message as ApiMessage;
  return key ? message("{field} is not valid", { field: fieldName(key) }) : message("Invalid input");
}

/** A valid IANA time zone name, as the browser reports it (one check: `isTimeZone`). */
export const timeZone = v.pipe(
  v.string(message("Unknown time zone")),
  v.maxLength(64, message("Unknown time zone")),
  v.check(isTimeZone, message("Unknown time zone")),
);

/** `?tz=`: an IANA zone for "today" and "this week"; the profile's when absent. */
export const TzQuery = v.object({ tz: v.optional(timeZone) });

/** A page's size, as a number or as query text: a whole number from 1 to `max`. */
export function pageLimit(max: number) {
  return v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.regex(/^\d+$/, message("limit must be a whole number")), v.transform(Number))],
      message("limit must be a whole number"),
    ),
    v.integer(message("limit must be a whole number")),
    v.minValue(1, message("limit must be at least 1")),
    v.maxValue(max, message("limit is at most {max}", { max })),
  );
}
