import * as v from "valibot";
import { message } from "../common/messages.ts";
import { FilterTag, TAG_SIGNS, TIME_RANGES } from "../journal/schemas.ts";
import { STACK_ICON_MAX, STACK_ITEM_TITLE_MAX, STACK_ITEM_TYPES, STACK_NAME_MAX } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

const name = v.pipe(
  v.string(message("Name is required")),
  v.trim(),
  v.nonEmpty(message("Name is required")),
  v.maxLength(STACK_NAME_MAX, message("Name is too long")),
);
const icon = v.pipe(
  v.string(message("An icon must be text")),
  v.trim(),
  v.maxLength(STACK_ICON_MAX, message("An icon is at most {max} characters", { max: STACK_ICON_MAX })),
);

export const StackCreateBody = v.object({ name, icon: v.optional(icon, "") });

/** Spec 1 §5: a stack update needs an icon or a name. */
export const StackUpdateBody = v.pipe(
  v.object({ name: v.optional(name), icon: v.optional(icon) }),
  v.check((b) => b.name !== undefined || b.icon !== undefined, message("No update stack data presented")),
);

const metricId = v.pipe(
  v.number(message("The id must be a whole number")),
  v.integer(message("The id must be a whole number")),
  v.minValue(1, message("The id must be a whole number")),
);

/** A stack item's filter (spec 1 §3): tags with `not`, a time range, and a metric for max/min (or sum/avg). */
export const StackItemConfig = v.object({
  filter: v.pipe(
    v.array(FilterTag, message("filter must be a list of tags")),
    v.maxLength(50, message("At most {max} tags", { max: 50 })),
  ),
  timeRange: v.optional(
    v.nullable(v.picklist(TIME_RANGES, message("timeRange is one of {ranges}", { ranges: TIME_RANGES.join(", ") }))),
    null,
  ),
  metricId: v.optional(v.nullable(metricId), null),
});
export type StackItemConfig = v.InferOutput<typeof StackItemConfig>;

const title = v.pipe(
  v.string(message("empty title")),
  v.trim(),
  v.nonEmpty(message("empty title")),
  v.maxLength(STACK_ITEM_TITLE_MAX, message("A title is at most {max} characters", { max: STACK_ITEM_TITLE_MAX })),
);
const type = v.picklist(STACK_ITEM_TYPES, message("type is one of {types}", { types: STACK_ITEM_TYPES.join(", ") }));
const tagsSign = v.optional(v.picklist(TAG_SIGNS, message("tagsSign is && or ||")), "&&");
const position = v.optional(
  v.pipe(v.number(message("position must be a whole number")), v.integer(message("position must be a whole number"))),
  0,
);
const uptimeOnly = v.optional(v.boolean(message("uptimeOnly must be true or false")), false);
/** Spec 1 §5: at least one tag (a negated one counts). */
const hasTags = (c: { filter: unknown[] }) => c.filter.length > 0;

export const StackItemCreateBody = v.object({
  stackId: metricId,
  // Missing reads as empty: spec 1 §5 words both 'empty title'.
  title: v.optional(title, ""),
  type,
  uptimeOnly,
  tagsSign,
  position,
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
    position: v.optional(
      v.pipe(
        v.number(message("position must be a whole number")),
        v.integer(message("position must be a whole number")),
      ),
    ),
    config: v.optional(
      v.pipe(
        StackItemConfig,
        v.check((c) => hasTags(c), message("empty tags")),
      ),
    ),
  }),
  v.check((b) => b.title !== undefined || b.config !== undefined, message("No update stackitem data presented")),
);
