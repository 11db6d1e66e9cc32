import * as v from "valibot";
import { message } from "../common/messages.ts";
import { dateTime, id, text } from "../common/validation.ts";
import {
  ENTRY_DATE_MAX,
  ENTRY_DATE_MIN,
  ENTRY_TAGS_MAX,
  FilterTag,
  TAG_SIGNS,
  TIME_RANGES,
} from "../journal/schemas.ts";
import {
  GOAL_PERIODS,
  GOAL_TIMES_MAX,
  STACK_ICON_MAX,
  STACK_ITEM_POSITION_MAX,
  STACK_ITEM_POSITION_MIN,
  STACK_ITEM_TITLE_MAX,
  STACK_ITEM_TYPES,
  STACK_NAME_MAX,
} from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

const name = v.pipe(
  text("name", STACK_NAME_MAX, { notText: message("Name is required"), tooLong: message("Name is too long") }),
  v.trim(),
  v.nonEmpty(message("Name is required")),
);
const icon = v.pipe(
  text("icon", STACK_ICON_MAX, {
    notText: message("An icon must be text"),
    tooLong: message("An icon is at most {max} characters", { max: STACK_ICON_MAX }),
  }),
  v.trim(),
);

/** A name or icon given: present and, as text, not only spaces. */
const given = (x: unknown) => x !== undefined && !(typeof x === "string" && x.trim() === "");
const NO_STACK_DATA = message("No update stack data presented");

/**
 * A new stack: a name (its icon optional). With neither a name nor an icon, the spec's words for a stack
 * saved empty (spec 1 §5), not the name's.
 */
export const StackCreateBody = v.pipe(
  v.object({ name: v.optional(v.unknown()), icon: v.optional(v.unknown()) }, NO_STACK_DATA),
  v.check((b) => given(b.name) || given(b.icon), NO_STACK_DATA),
  v.object({ name, icon: v.optional(icon, "") }),
);

/** Spec 1 §5: a stack update needs an icon or a name. */
export const StackUpdateBody = v.pipe(
  v.object({ name: v.optional(v.unknown()), icon: v.optional(v.unknown()) }, NO_STACK_DATA),
  v.check((b) => given(b.name) || given(b.icon), NO_STACK_DATA),
  v.object({ name: v.optional(name), icon: v.optional(icon) }),
);

/**
 * An item's date (spec 1 §4: "now" or a custom datetime): the moment its
 * statistic is computed as of — null for now. Within the journal's dates, kept
 * and answered as a normalised ISO string.
 */
const asOf = v.pipe(
  dateTime("date", message("Date must be an ISO date-time"), {
    min: ENTRY_DATE_MIN,
    max: ENTRY_DATE_MAX,
    words: message("Date must be between {min} and {max}", { min: "1900-01-01", max: "2199-12-31" }),
  }),
  v.transform((ms) => new Date(ms).toISOString()),
);

const GOAL_PER = message("A goal is a number of times per week or per month");
const GOAL_TIMES = message("A goal is a whole number of times from {min} to {max}", {
  min: 1,
  max: GOAL_TIMES_MAX.month,
});
/**
 * A streaks item's habit goal (Loop's frequency): at least `times` days with a match in each ISO week
 * (Monday to Sunday) or calendar month; a week holds at most 7 such days, a month 31.
 */
export const StreakGoal = v.pipe(
  v.object(
    {
      times: v.pipe(
        v.number(GOAL_TIMES),
        v.integer(GOAL_TIMES),
        v.minValue(1, GOAL_TIMES),
        v.maxValue(GOAL_TIMES_MAX.month, GOAL_TIMES),
      ),
      per: v.picklist(GOAL_PERIODS, GOAL_PER),
    },
    GOAL_PER,
  ),
  v.forward(
    v.check(
      (g) => g.times <= GOAL_TIMES_MAX[g.per],
      message("A weekly goal is at most {max} times", { max: GOAL_TIMES_MAX.week }),
    ),
    ["times"],
  ),
);
export type StreakGoal = v.InferOutput<typeof StreakGoal>;

/**
 * A stack item's filter (spec 1 §3): tags with `not`, a time range, a metric
 * for max/min (or sum/avg), the item's date (null or missing: now), and a streak's goal.
 */
export const StackItemConfig = v.object({
  filter: v.pipe(
    v.array(FilterTag, message("filter must be a list of tags")),
    v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
  ),
  timeRange: v.optional(
    v.nullable(v.picklist(TIME_RANGES, message("timeRange is one of {ranges}", { ranges: TIME_RANGES.join(", ") }))),
    null,
  ),
  metricId: v.optional(v.nullable(id), null),
  date: v.optional(v.nullable(asOf)),
  /** Streaks only (other types ignore it, as they do a metric); missing or null: the daily streak of spec 1. */
  goal: v.optional(v.nullable(StreakGoal)),
});
export type StackItemConfig = v.InferOutput<typeof StackItemConfig>;

const title = v.pipe(
  text("title", STACK_ITEM_TITLE_MAX, {
    notText: message("empty title"),
    tooLong: message("A title is at most {max} characters", { max: STACK_ITEM_TITLE_MAX }),
  }),
  v.trim(),
  v.nonEmpty(message("empty title")),
);
const type = v.picklist(STACK_ITEM_TYPES, message("type is one of {types}", { types: STACK_ITEM_TYPES.join(", ") }));
const tagsSign = v.optional(v.picklist(TAG_SIGNS, message("tagsSign is && or ||")), "&&");
const POSITION_RANGE = message("position is a whole number from {min} to {max}", {
  min: STACK_ITEM_POSITION_MIN,
  max: STACK_ITEM_POSITION_MAX,
});
/** An item's place among its stack's: a whole number in a stated range (an order key, not a count). */
const position = v.pipe(
  v.number(message("position must be a whole number")),
  v.integer(message("position must be a whole number")),
  v.minValue(STACK_ITEM_POSITION_MIN, POSITION_RANGE),
  v.maxValue(STACK_ITEM_POSITION_MAX, POSITION_RANGE),
);
const uptimeOnly = v.optional(v.boolean(message("uptimeOnly must be true or false")), false);
/** Spec 1 §5: at least one tag (a negated one counts). */
const hasTags = (c: { filter: unknown[] }) => c.filter.length > 0;

export const StackItemCreateBody = v.object({
  stackId: id,
  // Missing reads as empty: spec 1 §5 words both 'empty title'.
  title: v.optional(title, ""),
  type,
  uptimeOnly,
  tagsSign,
  position: v.optional(position, 0),
  config: v.pipe(
    StackItemConfig,
    v.check((c) => hasTags(c), message("empty tags")),
  ),
});

/** Spec 1 §5: an item update needs a title or a config. */
export const StackItemUpdateBody = v.pipe(
  v.object({
    title: v.optional(title),
    type: v.optional(type),
    uptimeOnly: v.optional(v.boolean(message("uptimeOnly must be true or false"))),
    tagsSign: v.optional(v.picklist(TAG_SIGNS, message("tagsSign is && or ||"))),
    position: v.optional(position),
    config: v.optional(
      v.pipe(
        StackItemConfig,
        v.check((c) => hasTags(c), message("empty tags")),
      ),
    ),
  }),
  v.check((b) => b.title !== undefined || b.config !== undefined, message("No update stackitem data presented")),
);
