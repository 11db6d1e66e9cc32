/**
 * The journal's limits and named values, without valibot: the sites import
 * them from here (a form's maxLength, a list's page), so a first load that
 * needs a number does not ship the schemas; schemas.ts builds the contract
 * from them.
 */

/** Limits of one entry; generous for a person, bounded for the database. */
export const ENTRY_TEXT_MAX = 10_000;
export const ENTRY_TAGS_MAX = 50;
export const ENTRY_METRICS_MAX = 50;
export const NAME_MAX = 64;
/**
 * The most entries one request of a tag's or metric's rename, merge or delete writes: a name on more goes
 * in parts (`more: true`; the page asks again), each holding D1 for a few tens of milliseconds, so another
 * account's query never waits long behind one.
 */
export const NAMES_PART_ENTRIES = 500;
/** A tag or a metric label as typed, before its spaces are trimmed and collapsed to NAME_MAX or fewer. */
export const TAG_TEXT_MAX = 256;
/** A metric's value, in either direction: roomy for any count or amount, small enough to show. */
export const METRIC_VALUE_MAX = 1e12;
/** Entry dates the pages can show and edit (datetime-local): 1900 up to the end of 2199, UTC. */
export const ENTRY_DATE_MIN = Date.UTC(1900, 0, 1);
export const ENTRY_DATE_MAX = Date.UTC(2200, 0, 1) - 1;

/** One page of a list, unless the caller asks for another size. */
export const PAGE_LIMIT_DEFAULT = 30;
export const PAGE_LIMIT_MAX = 200;

/**
 * A search of the entries (GET /api/journal/entries?q=…): its text, and the words in it (each found anywhere
 * in an entry's text, all of them in one entry). Words of fewer than SEARCH_INDEXED_MIN characters are looked
 * for without the index (the trigram index needs three).
 */
export const SEARCH_TEXT_MAX = 200;
export const SEARCH_WORDS_MAX = 10;
export const SEARCH_INDEXED_MIN = 3;

export const TIME_RANGES = ["today", "24h", "week", "month"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const TAG_SIGNS = ["&&", "||"] as const;
