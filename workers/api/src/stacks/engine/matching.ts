import { type SQL, sql } from "drizzle-orm";
import { filterConditionWith } from "../../journal/entry-filter.ts";
import { entries } from "../../journal/schema.ts";
import { DOWN } from "../../journal/uptime.ts";
import type { Db } from "../../platform/db.ts";
import type { StatContext, StatQuery } from "./types.ts";

/**
 * The one "matching entries" query every statistic builds on: a `WITH`
 * clause defining `matched(id, date, clock)` — the user's entries up to now
 * that pass the filter and range and, with uptimeOnly, are awake. `clock` is
 * the instant spans are measured on: the date, or with uptimeOnly the awake
 * clock (journal/uptime.ts), so a span's length with the sleep cut out is a
 * plain difference. Everything is SQL; no entry reaches JavaScript.
 */
export interface Matching {
  /** `WITH matched AS (…)` — append `, more AS (…)` or a `SELECT`. */
  with: SQL;
  /**
   * The same test for one row of `entries` (in a correlated subquery), shaped
   * for a short walk on the date index: a few matches around one date.
   */
  isMatch: SQL;
  /** Sleep is cut out: `clock` is the awake clock. */
  uptime: boolean;
}

export interface MatchingOptions {
  /** Only entries from this instant on (the calendar's year), on top of the item's range. */
  since?: number;
  /** Only the newest few matches are read (list, time since): see EntryFilter.newestFirst. */
  newestFirst?: boolean;
}

/** The tag names a query's matching needs the ids of: its filter's, and `down` with uptimeOnly. */
export function namesOf(query: StatQuery): string[] {
  const names = query.config.filter.map((t) => t.name);
  return query.uptimeOnly ? [...names, DOWN] : names;
}

/**
 * `idOf`: the ids of the user's tags named by `namesOf(query)` (tagIdsQuery),
 * read by the caller with its other lookups in one round trip; with
 * uptimeOnly, the caller has brought the sleep columns up to date
 * (refreshUptime) before.
 */
export function matching(
  db: Db,
  userId: number,
  query: StatQuery,
  context: StatContext,
  idOf: Map<string, number>,
  options: MatchingOptions = {},
): Matching {
  const condition = (newestFirst: boolean | undefined) =>
    filterConditionWith(db, idOf, {
      filter: query.config.filter,
      tagsSign: query.tagsSign,
      timeRange: query.config.timeRange,
      timeZone: context.timeZone,
      now: context.now,
      newestFirst,
    }) ?? sql`0`;
  const since = options.since === undefined ? sql`` : sql` AND ${entries.date} >= ${options.since}`;
  // Nobody who never wrote a down ever slept: the awake clock is the date.
  const uptime = query.uptimeOnly && idOf.has(DOWN);
  const awake = uptime ? sql` AND NOT ${entries.asleep}` : sql``;
  const clock = uptime ? entries.awakeAt : entries.date;
  const where = (newestFirst: boolean | undefined) =>
    sql`${entries.userId} = ${userId} AND ${entries.date} <= ${context.now}${since}${awake} AND ${condition(newestFirst)}`;
  return {
    uptime,
    isMatch: where(true),
    with: sql`WITH matched AS (
      SELECT ${entries.id} AS id, ${entries.date} AS date, ${clock} AS clock FROM ${entries} WHERE ${where(options.newestFirst)})`,
  };
}
