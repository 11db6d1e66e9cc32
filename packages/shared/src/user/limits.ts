/**
 * The export's limits, without valibot: export.ts builds the schema on them, and an import
 * refuses a file past any of them. They are far above what a person writes by hand (100,000 entries is
 * a note every ten minutes, day and night, for two years), and bound what one file can ask of a Worker.
 */
export const EXPORT_FORMAT = "nook";
export const EXPORT_VERSION = 1;
export const EXPORT_ENTRIES_MAX = 1_000_000;
export const EXPORT_TAGS_MAX = 100_000;
export const EXPORT_METRICS_MAX = 10_000;
export const EXPORT_STACKS_MAX = 1_000;
export const EXPORT_STACK_ITEMS_MAX = 1_000;
export const EXPORT_TIMERS_MAX = 1_000_000;
export const EXPORT_PEOPLE_MAX = 100_000;
export const EXPORT_CHECKLISTS_MAX = 100_000;
export const EXPORT_DONATIONS_MAX = 1_000_000;
/** Rows a page of the streamed export reads from D1 at a time (keyset pages). */
export const EXPORT_PAGE_ROWS = 1_000;
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
