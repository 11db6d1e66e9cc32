import * as v from "valibot";
import { DATE_TIME_TEXT_MAX, parseDateTime } from "../common/date-time.ts";
import { ID_DIGITS_MAX } from "../common/limits.ts";
import { message } from "../common/messages.ts";
import { INVISIBLE_OR_BIDI, normalizeTagName, startsWithNegation } from "../common/tags.ts";
import { CALENDAR_MOMENTS, calendarDay, dateTime, id, pageLimit, text, timeZone } from "../common/validation.ts";
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
  SEARCH_TEXT_MAX,
  SEARCH_WORDS_MAX,
  TAG_SIGNS,
  TAG_TEXT_MAX,
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

const isoDate = dateTime("date", message("Date must be an ISO date-time"), {
  min: ENTRY_DATE_MIN,
  max: ENTRY_DATE_MAX,
  words: message("Date must be between {min} and {max}", { min: "1900-01-01", max: "2199-12-31" }),
});

/** A tag's name (common/tags.ts has the rule), bounded. */
export const tagName = v.pipe(
  // Bounded as typed too: spaces collapse, so the stored name may be shorter.
  text("tags", TAG_TEXT_MAX, {
    notText: message("A tag must be text"),
    tooLong: message("A tag is at most {max} characters", { max: NAME_MAX }),
  }),
  v.check((s) => !INVISIBLE_OR_BIDI.test(s), message("A tag cannot hold invisible or text-direction characters")),
  v.transform(normalizeTagName),
  v.nonEmpty(message("A tag cannot be empty")),
  v.check((s) => !startsWithNegation(s), TAG_NEGATED),
  v.maxLength(NAME_MAX, message("A tag is at most {max} characters", { max: NAME_MAX })),
);

const METRIC_LABEL_TOO_LONG = message("A metric label is at most {max} characters", { max: NAME_MAX });
/** A metric's label: trimmed, lower-cased, bounded (as an entry's metrics take it). */
export const metricName = v.pipe(
  text("name", TAG_TEXT_MAX, { notText: message("A metric needs a label"), tooLong: METRIC_LABEL_TOO_LONG }),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(message("A metric needs a label")),
  v.maxLength(NAME_MAX, METRIC_LABEL_TOO_LONG),
);

export const MetricInput = v.pipe(
  v.object({
    name: metricName,
    value: v.pipe(
      v.number(message("A metric value must be a number")),
      v.minValue(-METRIC_VALUE_MAX, METRIC_VALUE_TOO_LARGE),
      v.maxValue(METRIC_VALUE_MAX, METRIC_VALUE_TOO_LARGE),
    ),
  }),
  v.check(
    (m) => m.name !== "mood" || isMood(m.value),
    message("Mood is a whole number from {min} to {max}", { min: MOOD_MIN, max: MOOD_MAX }),
  ),
  v.check((m) => m.name !== "duration" || m.value >= 0, message("A duration cannot be negative")),
);

/** An entry's (and a timer's) text: lines of it, bounded. */
export const entryText = text(
  "text",
  ENTRY_TEXT_MAX,
  {
    notText: message("Text must be text"),
    tooLong: message("Text is at most {max} characters", { max: ENTRY_TEXT_MAX }),
  },
  "multi",
);

const entryFields = {
  text: v.optional(entryText, ""),
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

export const EntryCreateBody = v.pipe(
  v.object(entryFields),
  v.check((e) => hasContent(e), message("An entry needs text, a tag, a metric or a mood")),
  v.check((e) => metricsOnce(e), message("Each metric can appear once per entry")),
);
/**
 * An entry as the journal can hold one, which an import takes (workers/api/src/import/route-rules.ts):
 * EntryCreateBody's fields and rules, each metric once, but not that it has content — deleting a tag or a
 * metric leaves the entries that had it (journal/names/store.ts), some with nothing, and an account's
 * export comes back whole.
 */
export const EntryHeld = v.pipe(
  v.object(entryFields),
  v.check((e) => metricsOnce(e), message("Each metric can appear once per entry")),
);
export const EntryUpdateBody = v.pipe(
  v.object({ entryId: id, ...entryFields }),
  v.check((e) => hasContent(e), message("An entry needs text, a tag, a metric or a mood")),
  v.check((e) => metricsOnce(e), message("Each metric can appear once per entry")),
);
export const EntryDeleteBody = v.object({ entryId: id });
export type EntryCreateBody = v.InferInput<typeof EntryCreateBody>;

export { IdParam } from "../common/validation.ts";

/**
 * Paging: `before` is an ISO date-time, or the `cursor` of the last row seen
 * (`<iso>~<id>`), which keeps the order stable across equal timestamps; the
 * moment read strictly (common/date-time.ts) and within the calendar years.
 */
const CURSOR_WORDS = message("before must be an ISO date or a cursor");
export const Cursor = v.pipe(
  text("before", DATE_TIME_TEXT_MAX + 1 + ID_DIGITS_MAX, CURSOR_WORDS),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const [iso = "", id, ...rest] = dataset.value.split("~");
    const date = parseDateTime(iso);
    const outside = date === null || date < CALENDAR_MOMENTS.min || date > CALENDAR_MOMENTS.max;
    if (outside || (id !== undefined && !(/^\d+$/.test(id) && id.length <= ID_DIGITS_MAX)) || rest.length > 0) {
      addIssue({ message: CURSOR_WORDS });
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

/** A tag of a search as sent: text of at most a tag's typed length and its '!'. */
const searchTagText = text("tag", TAG_TEXT_MAX + 1, {
  notText: message("The search's tags must be text"),
  tooLong: message("A tag is at most {max} characters", { max: NAME_MAX }),
});

/** A tag of a search: its name, `!name` to leave out the entries that carry it; the name read as tags are. */
const searchTag = v.pipe(
  searchTagText,
  v.transform((s) => (startsWithNegation(s) ? { not: true, name: s.slice(1) } : { not: false, name: s })),
  v.object({ not: v.boolean(), name: tagName }),
);

/** `tag` given once (text) or more than once (a list, as hono reads a repeated parameter): always a list. */
const searchTags = v.pipe(
  v.union(
    [
      v.pipe(
        searchTagText,
        v.transform((s) => [s]),
      ),
      v.array(searchTagText),
    ],
    message("The search's tags must be text"),
  ),
  v.maxLength(ENTRY_TAGS_MAX, message("At most {max} tags", { max: ENTRY_TAGS_MAX })),
  v.array(searchTag),
);

/** A number as query text: an optional minus, digits, an optional fraction; within a metric's values. */
const queryNumber = (field: "min" | "max" | "moodMin" | "moodMax", bound: number) =>
  v.pipe(
    text(field, 24, message("{field} must be a number", { field })),
    v.regex(/^-?\d+(\.\d+)?$/, message("{field} must be a number", { field })),
    v.transform(Number),
    v.minValue(-bound, message("{field} is from {min} to {max}", { field, min: -bound, max: bound })),
    v.maxValue(bound, message("{field} is from {min} to {max}", { field, min: -bound, max: bound })),
  );
const moodBound = (field: "moodMin" | "moodMax") =>
  v.pipe(
    queryNumber(field, METRIC_VALUE_MAX),
    v.check((n) => isMood(n), message("{field} is from {min} to {max}", { field, min: MOOD_MIN, max: MOOD_MAX })),
  );
const searchDay = (field: "from" | "to") =>
  calendarDay(field, { invalid: message("{field} must be a date (YYYY-MM-DD)", { field }) });

/**
 * The list of entries, or a search of it (spec 1 §7 GET /entries; the search is Nook's own): the words of `q`
 * each anywhere in the text, all of them; every `tag` (`!tag`: none of these); the local days `from`–`to` (in
 * the profile's zone, both included); the mood and one metric within their bounds (both included). Same page
 * and cursor as the list.
 */
export const EntriesQuery = v.pipe(
  v.object({
    before: v.optional(Cursor),
    limit: v.optional(limit, PAGE_LIMIT_DEFAULT),
    q: v.optional(
      v.pipe(
        text("q", SEARCH_TEXT_MAX, message("A search is at most {max} characters", { max: SEARCH_TEXT_MAX })),
        v.check(
          (q) => q.trim().split(/\s+/).length <= SEARCH_WORDS_MAX,
          message("A search has at most {max} words", { max: SEARCH_WORDS_MAX }),
        ),
      ),
    ),
    tag: v.optional(searchTags),
    from: v.optional(searchDay("from")),
    to: v.optional(searchDay("to")),
    moodMin: v.optional(moodBound("moodMin")),
    moodMax: v.optional(moodBound("moodMax")),
    metric: v.optional(metricName),
    min: v.optional(queryNumber("min", METRIC_VALUE_MAX)),
    max: v.optional(queryNumber("max", METRIC_VALUE_MAX)),
  }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, message("From must be on or before To")),
  v.check(
    (q) => (q.min === undefined && q.max === undefined) || q.metric !== undefined,
    message("A metric's range needs the metric"),
  ),
);
export type EntriesSearch = v.InferOutput<typeof EntriesQuery>;

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

/**
 * Renaming a tag or a metric (PUT /api/journal/tags/{id}, /metrics/{id}): the
 * new name, read as an entry's tag or metric label is; onto a name the user
 * already has, only with `merge: true` (else 409 with the entries that would move).
 */
const merge = v.optional(v.boolean(message("merge must be true or false")), false);
/**
 * A rename of a name on more entries than a request writes (NAMES_PART_ENTRIES) goes on in parts: the
 * answer says `more` and the last entry written (`after`), which the next request of the same rename names.
 */
const after = v.optional(id);
export const TagRenameBody = v.object({ name: tagName, merge, after });
export const MetricRenameBody = v.object({ name: metricName, merge, after });
