/**
 * Imports: the limits, without valibot, for the API and the sites.
 * A file is the request's body, larger than the API's usual 256 KB.
 */

/** The largest file an import takes, in MB (a Daylio export of 100,000 entries is about 12 MB). */
export const IMPORT_MB_MAX = 24;
export const IMPORT_BYTES_MAX = IMPORT_MB_MAX * 1024 * 1024;
/** The most rows (entries) one file may hold. */
export const IMPORT_ROWS_MAX = 200_000;
/** Daylio's five mood groups, best first, and the value each means on Nook's 1–5 mood. */
export const DAYLIO_MOODS = { rad: 5, good: 4, meh: 3, bad: 2, awful: 1 } as const;
/** The most custom moods a person can map to a group in one import, and a mood word's longest. */
export const IMPORT_MOODS_MAX = 100;
export const IMPORT_MOOD_WORD_MAX = 64;
/** The most habit columns a Loop import's `numeric` may name (a column's number is at most this). */
export const LOOP_HABITS_MAX = 1000;
/** The formats an import reads: Nook's own export, Daylio's CSV, Loop Habit Tracker's Checkmarks.csv. */
export const IMPORT_FORMATS = ["nook", "daylio", "loop"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** Every listed mood the preview names as unknown, at most this many. */
export const UNKNOWN_MOODS_LISTED = 20;
