import * as v from "valibot";
import { message } from "../common/messages.ts";
import { normalizeTagName, startsWithNegation } from "../common/tags.ts";
import { pageLimit, timeZone } from "../common/validation.ts";
import {
  ENTRY_DATE_MAX,
  ENTRY_DATE_MIN,
  ENTRY_METRICS_MAX,
  ENTRY_TAGS_MAX,
  ENTRY_TEXT_MAX,
  METRIC_VALUE_MAX,
  NAME_MAX,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  TAG_SIGNS,
  TIME_RANGES,
} from "./limits.ts";
import { isMood, MOOD_MAX, MOOD_MIN } from "./mood.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** The words for a refused tag or value, as the API says them. */
export const TAG_NEGATED = message("A tag cannot start with '!'");
export const METRIC_VALUE_TOO_LARGE = message("A metric value is at most {max} in size", {
  max: METRIC_VALUE_MAX,
});

const isoDate = v.pipe(
  v.string(message("Date must be an ISO date-time")),
  v.check((s) => !Number.isNaN(Date.parse(s)), message("Date must be an ISO date-time")),
  v.transform((s) => Date.parse(s)),
  v.check(
    (ms) => ms >= ENTRY_DATE_MIN && ms <= ENTRY_DATE_MAX,
    message("Date must be between {min} and {max}", { min: "1900-01-01", max: "2199-12-31" }),
  ),
);

/** A tag's name (common/tags.ts has the rule), bounded. */
export const tagName = v.pipe(
  v.string(message("A tag must be text")),
  v.transform(normalizeTagName),
  v.nonEmpty(message("A tag cannot be empty")),
  v.check((s) => !startsWithNegation(s), TAG_NEGATED),
  v.maxLength(NAME_MAX, message("A tag is at most {max} characters", { max: NAME_MAX })),
);

const metricName = v.pipe(
  v.string(message("A metric needs a label")),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(message("A metric needs a label")),
  v.maxLength(NAME_MAX, message("A metric label is at most {max} characters", { max: NAME_MAX })),
);

export const MetricInput = v.pipe(
  v.object({
    name: metricName,
    value: v.pipe(
      v.number(message("A metric value must be a number")),
      v.finite(message("A metric value must be a number")),
      v.check((n) => Math.abs(n) <= METRIC_VALUE_MAX, METRIC_VALUE_TOO_LARGE),
    ),
  }),
  v.check(
    (m) => m.name !== "mood" || isMood(m.value),
    message("Mood is a whole number from {min} to {max}", { min: MOOD_MIN, max: MOOD_MAX }),
  ),
  v.check((m) => m.name !== "duration" || m.value >= 0, message("A duration cannot be negative")),
);

const entryFields = {
  text: v.optional(
    v.pipe(
      v.string(message("Text must be text")),
      v.maxLength(ENTRY_TEXT_MAX, message("Text is at most {max} characters", { max: ENTRY_TEXT_MAX })),
    ),
    "",
  ),
  tags: v.optional(
    v.pipe(
      v.array(tagName, message("Tags must be a list")),
      v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
    ),
    [],
  ),
  metrics: v.optional(
    v.pipe(
      v.array(MetricInput, message("Metrics must be a list")),
      v.maxLength(ENTRY_METRICS_MAX, message("At most {max} metrics", { max: ENTRY_METRICS_MAX })),
    ),
    [],
  ),
  /** ISO; omitted means now. */
  date: v.optional(isoDate),
};

interface EntryContent {
  text: string;
  tags: string[];
  metrics: { name: string }[];
}
const hasContent = (e: EntryContent) => e.text.trim() !== "" || e.tags.length > 0 || e.metrics.length > 0;
const metricsOnce = (e: EntryContent) => new Set(e.metrics.map((m) => m.name)).size === e.metrics.length;

const entryId = v.pipe(
  v.number(message("The id must be a whole number")),
  v.integer(message("The id must be a whole number")),
  v.minValue(1, message("The id must be a whole number")),
);

export const EntryCreateBody = v.pipe(
  v.object(entryFields),
  v.check((e) => hasContent(e), message("An entry needs text, a tag, a metric or a mood")),
  v.check((e) => metricsOnce(e), message("Each metric can appear once per entry")),
);
export const EntryUpdateBody = v.pipe(
  v.object({ entryId, ...entryFields }),
  v.check((e) => hasContent(e), message("An entry needs text, a tag, a metric or a mood")),
  v.check((e) => metricsOnce(e), message("Each metric can appear once per entry")),
);
export const EntryDeleteBody = v.object({ entryId });
export type EntryCreateBody = v.InferInput<typeof EntryCreateBody>;

export const IdParam = v.object({
  id: v.pipe(
    v.string(message("The id must be a whole number")),
    v.regex(/^\d{1,15}$/, message("The id must be a whole number")),
    v.transform(Number),
  ),
});

/**
 * Paging: `before` is an ISO date, or the `cursor` of the last row seen
 * (`<iso>~<id>`), which keeps the order stable across equal timestamps.
 */
export const Cursor = v.pipe(
  v.string(message("before must be an ISO date or a cursor")),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const [iso, id] = dataset.value.split("~");
    const date = Date.parse(iso ?? "");
    if (Number.isNaN(date) || (id !== undefined && !/^\d+$/.test(id))) {
      addIssue({ message: message("before must be an ISO date or a cursor") });
      return NEVER;
    }
    return { date, id: id === undefined ? null : Number(id) };
  }),
);

const limit = pageLimit(PAGE_LIMIT_MAX);

export const PageQuery = v.object({
  before: v.optional(Cursor),
  limit: v.optional(limit, PAGE_LIMIT_DEFAULT),
});

/** A tag in a filter: its name, and `not` to exclude it. */
export const FilterTag = v.object({
  not: v.optional(v.boolean(), false),
  name: tagName,
});

/** The stack-item filter (spec §3): tags with `not`, an optional time range. */
export const FilterConfig = v.object({
  filter: v.pipe(
    v.array(FilterTag, message("filter must be a list of tags")),
    v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
  ),
  timeRange: v.optional(
    v.nullable(v.picklist(TIME_RANGES, message("timeRange is one of {ranges}", { ranges: TIME_RANGES.join(", ") }))),
  ),
});

export const EntriesByConfigBody = v.object({
  config: FilterConfig,
  tagsSign: v.optional(v.picklist(TAG_SIGNS, message("tagsSign is && or ||")), "&&"),
  before: v.optional(Cursor),
  limit: v.optional(limit, PAGE_LIMIT_DEFAULT),
  /** IANA zone for today/week/month; defaults to the profile's. An unknown zone is a 400. */
  tz: v.optional(timeZone),
});
