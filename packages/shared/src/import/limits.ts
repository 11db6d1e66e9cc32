/**
 * Imports: the limits, without valibot, for the API and the sites.
 * No request holds a file: the page reads it and sends it in chunks (chunks.ts), each a body within the
 * API's usual limit, so a Worker holds one chunk at a time whatever the file's size.
 */

/**
 * The largest file the page reads, in MB: it holds the file as one string while it cuts it, and a browser's
 * longest string is about 512 MB (V8's 2^29 characters). A Nook export of 700,000 entries is about 100 MB.
 */
export const IMPORT_MB_MAX = 500;
export const IMPORT_BYTES_MAX = IMPORT_MB_MAX * 1024 * 1024;
/**
 * A ZIP (Loop's export) is read on the page: refused when the files it reads from it declare more than
 * IMPORT_BYTES_MAX unpacked, or more than IMPORT_ZIP_RATIO_MAX times the ZIP's own size; and what they do
 * unpack to is counted while they are inflated, a file unpacking past what it declared stopped there. So a
 * ZIP bomb (a few MB unpacking to GBs) never fills the tab. Deflate can pack at most about 1032:1.
 */
export const IMPORT_ZIP_RATIO_MAX = 100;
/**
 * Up to this many bytes unpacked a ZIP is read whatever its ratio: a tab holds 16 MB easily, and a
 * Checkmarks.csv zipped alone packs well past 100:1 when its habits are mostly UNKNOWN (200 habits over ten
 * years: 5.9 MB in a ZIP of 25,624 bytes, 230:1).
 */
export const IMPORT_ZIP_RATIO_FROM_BYTES = 16 * 1024 * 1024;
/** The most bytes of a chunk (UTF-8): the API's body limit, MAX_BODY_KB. */
export const IMPORT_CHUNK_BYTES = 256 * 1024;
/** The most chunks one import may be cut into: a file of IMPORT_MB_MAX in chunks a quarter full. */
export const IMPORT_CHUNKS_MAX = 8_000;
/** The most rows (entries) one chunk may hold: more than its bytes can (a CSV row is at least 2 bytes). */
export const IMPORT_ROWS_MAX = IMPORT_CHUNK_BYTES / 2;
/** How long "Undo this import" stays offered after an import finishes, in days. */
export const IMPORT_UNDO_DAYS = 30;
/** Daylio's five mood groups, best first, and the value each means on Nook's 1–5 mood. */
export const DAYLIO_MOODS = { rad: 5, good: 4, meh: 3, bad: 2, awful: 1 } as const;
/**
 * The most custom moods a person can give a group in one import, and a mood's longest name (a longer one is
 * known by its first IMPORT_MOOD_WORD_MAX characters: `moodShown`). The groups travel in the URL (`moods`),
 * which Cloudflare takes up to 16 KB: 25 names of 64 characters, each percent-encoded as at most 9 (a
 * character of 3 bytes in UTF-8), and their JSON, are under 15 KB.
 */
export const IMPORT_MOODS_MAX = 25;
export const IMPORT_MOOD_WORD_MAX = 64;
/**
 * The longest `moods` (a JSON list of `["mood", group]` pairs): each name's characters escaped at most twice
 * as long (`\"`, `\\`), and its quotes, brackets, group, comma and a space.
 */
export const IMPORT_MOODS_TEXT_MAX = IMPORT_MOODS_MAX * (2 * IMPORT_MOOD_WORD_MAX + 8) + 2;

/**
 * A Daylio mood's name as the import shows it and knows it: white space and control characters collapsed to
 * one space, trimmed, cut to IMPORT_MOOD_WORD_MAX characters (a surrogate pair kept whole). So any name a file
 * holds, commas, colons and quotes included, is one the preview can list and `moods` can carry back.
 */
export function moodShown(raw: string): string {
  const spaced = raw.replace(/[\s\p{Cc}]+/gu, " ").trim();
  if (spaced.length <= IMPORT_MOOD_WORD_MAX) return spaced;
  const last = spaced.charCodeAt(IMPORT_MOOD_WORD_MAX - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? IMPORT_MOOD_WORD_MAX - 1 : IMPORT_MOOD_WORD_MAX;
  return spaced.slice(0, end).trimEnd();
}

/** Two names are one mood when they are one lower-cased (Daylio's "Tired" and "tired"). */
export const moodKey = (raw: string): string => moodShown(raw).toLowerCase();

/** The most habit columns a Loop import's `numeric` may name (a column's number is at most this). */
export const LOOP_HABITS_MAX = 1000;
/** The formats an import reads: Nook's own export, Daylio's CSV, Loop Habit Tracker's Checkmarks.csv. */
export const IMPORT_FORMATS = ["nook", "daylio", "loop"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The rows a file holds that cannot be entries (a note too long) the answer lists, at most this many. */
export const IMPORT_SKIPPED_LISTED = 100;
