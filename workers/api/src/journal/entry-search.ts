import { addDays, formatDate, isCalendarDate, parseDate } from "@nook/shared/common/calendar-date";
import { startOfLocalDay, zonedParts } from "@nook/shared/common/time-zone";
import { type EntriesSearch, SEARCH_INDEXED_MIN } from "@nook/shared/journal/schemas";
import { and, type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { filterConditionWith } from "./entry-filter.ts";
import { listEntries } from "./entry-list.ts";
import { entries, entryMetrics, metrics } from "./schema.ts";
import { tagIdsByName } from "./tag-ids.ts";

/**
 * Search of the entries (GET /api/journal/entries?q=…). The words are found through `entries_search`
 * (migrations 0017 and 0023): an FTS5 index of every entry's text with the trigram tokenizer, kept by triggers
 * on entries, so every write — the routes, imports, undo, account deletion — keeps it without a line of ours.
 * Its rowid is the entry's user and id in one key (user_id << 32) + id, so a search asks it for the reader's
 * run of keys alone and costs the reader's own matches, whoever else the database holds.
 * Trigrams find a word inside another ("бег" in "бегал", "run" in "running") in any script, case folded
 * (Unicode's simple folding, Cyrillic included); a word of one or two characters has no trigram, so it is
 * looked for with LIKE (case-insensitive for ASCII letters only: SQLite's LIKE).
 */

/** The words of a search: split on white space, each once, as typed (NFC). */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.normalize("NFC").trim().split(/\s+/).filter(Boolean))];
}

/** An FTS5 query that needs every word: each one a quoted phrase (its own quotes doubled). */
function ftsQuery(words: string[]): string {
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(" ");
}

/** A LIKE pattern for a word anywhere, its own % _ and \ taken literally. */
const likeAnywhere = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The user's entries with every word, by the index: the rowid range beside the MATCH is taken by FTS5 itself
 * (its xBestIndex), which seeks each word's rows to the user's first key and stops past the last. The shifts are
 * SQLite's 64-bit integers: a user id times 2^32 in JavaScript would pass 2^53 from user 2^21 on.
 */
function wordsIndexed(userId: number, words: string[]): SQL {
  const first = sql`(${userId} << 32)`;
  return sql`+${entries.id} IN (SELECT rowid - ${first} FROM entries_search WHERE entries_search MATCH ${ftsQuery(words)}
    AND rowid BETWEEN ${first} AND ${first} + 4294967295)`;
}

/** The entry has a value of the user's metric of this name within [min, max] (either open). */
function metricWithin(userId: number, name: string, min: number | undefined, max: number | undefined): SQL {
  const low = min === undefined ? sql`` : sql` AND ${entryMetrics.value} >= ${min}`;
  const high = max === undefined ? sql`` : sql` AND ${entryMetrics.value} <= ${max}`;
  return sql`EXISTS (SELECT 1 FROM ${entryMetrics} WHERE ${entryMetrics.entryId} = ${entries.id}
    AND ${entryMetrics.metricId} = (SELECT ${metrics.id} FROM ${metrics} WHERE ${metrics.userId} = ${userId}
      AND ${metrics.name} = ${name})${low}${high})`;
}

/** The first instant of a local calendar day ("YYYY-MM-DD") in a zone. */
function dayStart(day: string, timeZone: string): number {
  const { year, month, day: date } = parseDate(day);
  return startOfLocalDay(year, month, date, timeZone);
}

/** Whether a query asks for anything beyond the plain list. */
export function isSearch(s: EntriesSearch): boolean {
  return Boolean(
    searchWords(s.q).length ||
      s.tag?.length ||
      s.from ||
      s.to ||
      s.moodMin !== undefined ||
      s.moodMax !== undefined ||
      s.metric,
  );
}

/**
 * The condition a search puts on the user's entries, for listEntries' `where`; null when nothing can match (a
 * tag the user never used, asked for). Walked newest first down the (user, date, id) index, each entry tested:
 * the reader's matches in the index are gathered once (the unary + keeps SQLite from driving the loop by them),
 * so a page costs the reader's matches plus the entries walked until it is full.
 */
export async function searchCondition(db: Db, userId: number, s: EntriesSearch, timeZone: string) {
  const parts: SQL[] = [];
  const words = searchWords(s.q);
  const indexed = words.filter((w) => [...w].length >= SEARCH_INDEXED_MIN);
  if (indexed.length) parts.push(wordsIndexed(userId, indexed));
  for (const word of words.filter((w) => [...w].length < SEARCH_INDEXED_MIN))
    parts.push(sql`${entries.text} LIKE ${likeAnywhere(word)} ESCAPE '\\'`);
  if (s.tag?.length) {
    const idOf = await tagIdsByName(
      db,
      userId,
      s.tag.map((t) => t.name),
    );
    const tagged = filterConditionWith(db, idOf, {
      filter: s.tag,
      tagsSign: "&&",
      timeZone,
      newestFirst: true,
    });
    if (!tagged) return null;
    parts.push(tagged);
  }
  if (s.from) parts.push(sql`${entries.date} >= ${dayStart(s.from, timeZone)}`);
  if (s.to) parts.push(sql`${entries.date} < ${dayStart(addDays(s.to, 1), timeZone)}`);
  if (s.moodMin !== undefined || s.moodMax !== undefined)
    parts.push(metricWithin(userId, "mood", s.moodMin, s.moodMax));
  if (s.metric) parts.push(metricWithin(userId, s.metric, s.min, s.max));
  return and(...parts) ?? sql`1 = 1`;
}

/** The most entries "On this day" shows. */
export const ON_THIS_DAY_MAX = 20;

/**
 * "On this day": the user's entries written on today's local date (month and day, in `timeZone`) in earlier
 * years, newest first. One range of the (user, date) index a year, from the year of the user's oldest entry
 * (read first, along the same index) to last year; a 29 February only in leap years. The ranges are the
 * database's own integers, written into the SQL (as tag ids are, entry-filter.ts): a century of years would
 * pass D1's 100 parameters a statement.
 */
export async function onThisDay(db: Db, userId: number, now: number, timeZone: string) {
  const oldest = await db.get<{ date: number | null }>(
    sql`SELECT min(${entries.date}) AS date FROM ${entries} WHERE ${entries.userId} = ${userId}`,
  );
  if (oldest?.date == null) return [];
  const today = zonedParts(now, timeZone);
  const ranges: string[] = [];
  for (let year = today.year - 1; year >= zonedParts(oldest.date, timeZone).year; year--) {
    const day = formatDate({ year, month: today.month, day: today.day });
    if (!isCalendarDate(day)) continue;
    const from = dayStart(day, timeZone);
    const to = dayStart(addDays(day, 1), timeZone);
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new Error("a day's edges must be integers");
    ranges.push(`("entries"."date" >= ${from} AND "entries"."date" < ${to})`);
  }
  if (!ranges.length) return [];
  return listEntries(db, userId, { limit: ON_THIS_DAY_MAX, where: sql.raw(`(${ranges.join(" OR ")})`) });
}
