import * as v from "valibot";
import { message } from "../common/messages.ts";
import { dateTime, id } from "../common/validation.ts";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN, ENTRY_TAGS_MAX, entryText, tagName } from "../journal/schemas.ts";
import { PAUSED_TIME_DIFF_MAX } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/**
 * The timer's calls (spec 2 §3 "Timer", §7 "Timer and tags"; DESIGN §5):
 * GET|POST|PUT|DELETE /api/journal/timer. Times cross as ISO strings and are
 * epoch milliseconds once parsed; pausedTimeDiff is milliseconds.
 */

/** A moment the timer keeps: an ISO date-time within the journal's dates (its entry gets one of them). */
const instant = (field: "initAt" | "startedAt" | "pausedAt" | "goal") => {
  const words = message("{field} must be an ISO date-time between {min} and {max}", {
    field,
    min: "1900-01-01",
    max: "2199-12-31",
  });
  return dateTime(field, words, { min: ENTRY_DATE_MIN, max: ENTRY_DATE_MAX, words });
};

const text = v.optional(entryText, "");

/** Lower-cased, no '!' (a saved timer becomes an entry, and an entry's tag is never negated), no duplicates. */
const tags = v.optional(
  v.pipe(
    v.array(tagName, message("Tags must be a list")),
    v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
    v.transform((names) => [...new Set(names)]),
  ),
  [],
);

const goal = v.optional(v.nullable(instant("goal")), null);

const PAUSED_DIFF_WORDS = message("pausedTimeDiff is a whole number of milliseconds, at least 0");

/** Start: the timer the page created locally at initAt, running since then. */
export const TimerStartBody = v.object({ text, tags, initAt: instant("initAt"), goal });
export type TimerStartBody = v.InferInput<typeof TimerStartBody>;

/** Update (stop, resume, edit) or, with `complete: true`, save: the page's whole timer. */
export const TimerUpdateBody = v.pipe(
  v.object({
    id,
    text,
    tags,
    startedAt: instant("startedAt"),
    pausedAt: v.optional(v.nullable(instant("pausedAt")), null),
    pausedTimeDiff: v.pipe(
      v.number(PAUSED_DIFF_WORDS),
      v.integer(PAUSED_DIFF_WORDS),
      v.minValue(0, PAUSED_DIFF_WORDS),
      v.maxValue(
        PAUSED_TIME_DIFF_MAX,
        message("pausedTimeDiff is at most {max} milliseconds", { max: PAUSED_TIME_DIFF_MAX }),
      ),
    ),
    complete: v.optional(v.boolean(message("complete must be true or false")), false),
    goal,
  }),
  v.check(
    (b) => b.pausedAt === null || b.pausedAt >= b.startedAt,
    message("A timer cannot be paused before it started"),
  ),
  v.check(
    (b) => b.pausedAt === null || b.pausedTimeDiff <= b.pausedAt - b.startedAt,
    message("The paused time cannot be longer than the time since the start"),
  ),
);
export type TimerUpdateBody = v.InferInput<typeof TimerUpdateBody>;

/** Reset: the unfinished timer, named by its id when the page knows it. */
export const TimerResetBody = v.object({ id: v.optional(id) });
