import * as v from "valibot";
import { type ApiMessage, isFieldKey, issueMessage, message } from "./messages.ts";
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
