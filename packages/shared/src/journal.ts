import * as v from "valibot";

/** Limits of one entry; generous for a person, bounded for the database. */
export const ENTRY_TEXT_MAX = 10_000;
export const ENTRY_TAGS_MAX = 50;
export const ENTRY_METRICS_MAX = 50;
export const NAME_MAX = 64;
export const PAGE_LIMIT_DEFAULT = 30;
export const PAGE_LIMIT_MAX = 200;

const isoDate = v.pipe(
  v.string("Date must be an ISO date-time"),
  v.check((s) => !Number.isNaN(Date.parse(s)), "Date must be an ISO date-time"),
  v.transform((s) => Date.parse(s)),
);

/** Tag names: trimmed, lower-cased, inner white space kept as single spaces. */
export const tagName = v.pipe(
  v.string("A tag must be text"),
  v.trim(),
  v.toLowerCase(),
  v.transform((s) => s.replace(/\s+/g, " ")),
  v.nonEmpty("A tag cannot be empty"),
  v.maxLength(NAME_MAX, `A tag is at most ${NAME_MAX} characters`),
);

const metricName = v.pipe(
  v.string("A metric needs a label"),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("A metric needs a label"),
  v.maxLength(NAME_MAX, `A metric label is at most ${NAME_MAX} characters`),
);

export const MetricInput = v.pipe(
  v.object({
    name: metricName,
    value: v.pipe(v.number("A metric value must be a number"), v.finite("A metric value must be a number")),
  }),
  v.check(
    (m) => m.name !== "mood" || (Number.isInteger(m.value) && m.value >= 1 && m.value <= 5),
    "Mood is a whole number from 1 to 5",
  ),
  v.check((m) => m.name !== "duration" || m.value >= 0, "A duration cannot be negative"),
);

const entryFields = {
  text: v.optional(
    v.pipe(v.string("Text must be text"), v.maxLength(ENTRY_TEXT_MAX, `Text is at most ${ENTRY_TEXT_MAX} characters`)),
    "",
  ),
  tags: v.optional(
    v.pipe(v.array(tagName, "Tags must be a list"), v.maxLength(ENTRY_TAGS_MAX, `At most ${ENTRY_TAGS_MAX} tags`)),
    [],
  ),
  metrics: v.optional(
    v.pipe(
      v.array(MetricInput, "Metrics must be a list"),
      v.maxLength(ENTRY_METRICS_MAX, `At most ${ENTRY_METRICS_MAX} metrics`),
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
export const NEEDS_CONTENT = "An entry needs text, a tag, a metric or a mood";

const entryId = v.pipe(
  v.number("entryId is required"),
  v.integer("entryId must be a whole number"),
  v.minValue(1, "entryId must be positive"),
);

export const EntryCreateBody = v.pipe(
  v.object(entryFields),
  v.check((e) => hasContent(e), NEEDS_CONTENT),
  v.check((e) => metricsOnce(e), "Each metric can appear once per entry"),
);
export const EntryUpdateBody = v.pipe(
  v.object({ entryId, ...entryFields }),
  v.check((e) => hasContent(e), NEEDS_CONTENT),
  v.check((e) => metricsOnce(e), "Each metric can appear once per entry"),
);
export const EntryDeleteBody = v.object({ entryId });
export type EntryCreateBody = v.InferOutput<typeof EntryCreateBody>;

export const IdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,15}$/, "The id must be a whole number"), v.transform(Number)),
});

/**
 * Paging: `before` is an ISO date, or the `cursor` of the last row seen
 * (`<iso>~<id>`), which keeps the order stable across equal timestamps.
 */
export const Cursor = v.pipe(
  v.string(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const [iso, id] = dataset.value.split("~");
    const date = Date.parse(iso ?? "");
    if (Number.isNaN(date) || (id !== undefined && !/^\d+$/.test(id))) {
      addIssue({ message: "before must be an ISO date or a cursor" });
      return NEVER;
    }
    return { date, id: id === undefined ? null : Number(id) };
  }),
);

const limit = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d+$/, "limit must be a whole number"), v.transform(Number))],
    "limit must be a whole number",
  ),
  v.integer("limit must be a whole number"),
  v.minValue(1, "limit must be at least 1"),
  v.maxValue(PAGE_LIMIT_MAX, `limit is at most ${PAGE_LIMIT_MAX}`),
);

export const PageQuery = v.object({
  before: v.optional(Cursor),
  limit: v.optional(limit, PAGE_LIMIT_DEFAULT),
});

export const TIME_RANGES = ["today", "24h", "week", "month"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const TAG_SIGNS = ["&&", "||"] as const;

export const FilterTag = v.object({
  id: v.optional(v.nullable(v.number())),
  not: v.optional(v.boolean(), false),
  name: tagName,
});

/** The stack-item filter (spec §3): tags with `not`, an optional time range. */
export const FilterConfig = v.object({
  filter: v.pipe(v.array(FilterTag, "filter must be a list of tags"), v.maxLength(ENTRY_TAGS_MAX)),
  timeRange: v.optional(v.nullable(v.picklist(TIME_RANGES, `timeRange is one of ${TIME_RANGES.join(", ")}`))),
});

export const EntriesByConfigBody = v.object({
  config: FilterConfig,
  tagsSign: v.optional(v.picklist(TAG_SIGNS, "tagsSign is && or ||"), "&&"),
  before: v.optional(Cursor),
  limit: v.optional(limit, PAGE_LIMIT_DEFAULT),
  /** IANA zone for today/week/month; defaults to the profile's. */
  tz: v.optional(v.string()),
});
