import { EVENTS_MAX } from "../calendar/events.ts";

/**
 * The export's limits, without valibot: export.ts builds the schema on them, and an import refuses a file
 * past any of them. An account's own export must always import back. The API keeps no count of most kinds
 * an account has (stacks, a stack's items, tags, metrics, people, checklists, timers, entries: as many as
 * it writes), so there is no API limit to share: those lists take EXPORT_LIST_MAX. Events are the one kind
 * the API counts (EVENTS_MAX an account): their list takes that, as an account's export holds no more. The
 * import reads a file a chunk of at most IMPORT_CHUNK_BYTES at a time (import/chunks.ts), each chunk's lists
 * checked on their own and far shorter than that: what bounds a file is the page's IMPORT_MB_MAX, and what
 * bounds an account's events is the import's count of them, as the route's (api's import/write-others.ts).
 */
export const EXPORT_FORMAT = "nook";
export const EXPORT_VERSION = 1;
export const EXPORT_LIST_MAX = 1_000_000;
export const EXPORT_ENTRIES_MAX = EXPORT_LIST_MAX;
export const EXPORT_TAGS_MAX = EXPORT_LIST_MAX;
export const EXPORT_METRICS_MAX = EXPORT_LIST_MAX;
export const EXPORT_STACKS_MAX = EXPORT_LIST_MAX;
export const EXPORT_STACK_ITEMS_MAX = EXPORT_LIST_MAX;
export const EXPORT_TIMERS_MAX = EXPORT_LIST_MAX;
export const EXPORT_PEOPLE_MAX = EXPORT_LIST_MAX;
export const EXPORT_CHECKLISTS_MAX = EXPORT_LIST_MAX;
export const EXPORT_EVENTS_MAX = EVENTS_MAX;
export const EXPORT_DONATIONS_MAX = EXPORT_LIST_MAX;
/** Rows a page of the streamed export reads from D1 at a time (keyset pages). */
export const EXPORT_PAGE_ROWS = 500;
/**
 * The CSV's columns before the metrics' (one column a metric name, in name order, then mood): the instant
 * (ISO 8601, UTC) and the same moment as the profile's wall clock.
 */
export const CSV_FIXED_COLUMNS = ["date", "local time", "text", "tags"] as const;
/**
 * The separator of the CSV's tags column, Daylio's (its activities). A tag may itself hold " | ": the CSV is
 * the spreadsheet's view, the JSON export the lossless one (each tag a string of its own).
 */
export const CSV_TAG_SEPARATOR = " | ";
