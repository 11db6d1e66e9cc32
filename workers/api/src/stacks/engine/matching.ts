import { rangeStart } from "@nook/shared/common/time-zone";
import { type SQL, sql } from "drizzle-orm";
import { filterConditionWith } from "../../journal/entry-filter.ts";
import { entries, entryTags } from "../../journal/schema.ts";
import { tagIdsByName } from "../../journal/tag-ids.ts";
import type { Db } from "../../platform/db.ts";
import type { StatContext, StatQuery } from "./types.ts";

/** The tags that mark sleep (DESIGN §5 "Uptime"). */
const DOWN = "down";
const UP = "up";

/**
 * The one "matching entries" query every statistic builds on: a `WITH`
 * clause defining `matched(id, date)` — the user's entries up to now that
 * pass the filter and range and, with uptimeOnly, are awake.
 *
 * With uptimeOnly, `sleeps(start, end_date, len)` is defined too: the
 * disjoint sleeps, each from a down to the first up after it (or to now, when
 * none came yet). The asleep entries are found night by night (an index range
 * after each down) and left out; with a range (or the calendar's year) only
 * the nights from the last down before its start are looked at. An awake match is never inside a sleep, so a
 * sleep lies between two matches exactly when its end does: top time between
 * asks for `slept(id, len)` (withSleep), the sleep between each match and the
 * one before it — each sleep's end looks forward for the first match, a short
 * walk on the date index. Everything is SQL; no entry reaches JavaScript.
 */
export interface Matching {
  /** `WITH …, matched AS (…)` — append `, more AS (…)` or a `SELECT`. */
  with: SQL;
  uptime: boolean;
}

export interface MatchingOptions {
  /** Only entries from this instant on (the calendar's year), on top of the item's range. */
  since?: number;
  /** Define `slept(id, len)` too (spans between consecutive matches). */
  withSleep?: boolean;
  /** Only the newest few matches are read (list, time since): see EntryFilter.newestFirst. */
  newestFirst?: boolean;
}

export async function matching(
  db: Db,
  userId: number,
  query: StatQuery,
  context: StatContext,
  options: MatchingOptions = {},
): Promise<Matching> {
  const names = query.config.filter.map((t) => t.name);
  const idOf = await tagIdsByName(db, userId, query.uptimeOnly ? [...names, DOWN, UP] : names);
  const conditionOf = (newestFirst: boolean | undefined) =>
    filterConditionWith(db, idOf, {
      filter: query.config.filter,
      tagsSign: query.tagsSign,
      timeRange: query.config.timeRange,
      timeZone: context.timeZone,
      now: context.now,
      newestFirst,
    }) ?? sql`0`;
  const condition = conditionOf(options.newestFirst);
  const since = options.since === undefined ? sql`` : sql` AND ${entries.date} >= ${options.since}`;
  const rows = sql`SELECT ${entries.id} AS id, ${entries.date} AS date FROM ${entries}
    WHERE ${entries.userId} = ${userId} AND ${entries.date} <= ${context.now}${since} AND ${condition}`;

  const down = idOf.get(DOWN);
  const up = idOf.get(UP);
  // The earliest a match can be (the item's range, the calendar's year): nights ending before it do not matter.
  const starts = [
    options.since,
    query.config.timeRange ? rangeStart(query.config.timeRange, context.now, context.timeZone) : undefined,
  ].filter((t) => t !== undefined);
  const from = starts.length ? Math.max(...starts) : null;
  // No down marker ever: nobody slept, every entry is awake.
  if (!query.uptimeOnly || down === undefined)
    return { with: sql`WITH matched AS (SELECT id, date FROM (${rows}))`, uptime: false };

  // The entry carries the up tag; the unary + keeps SQLite on the date index instead of looping over every up.
  const upEntry = (id: SQL) =>
    up === undefined ? sql`0` : sql`+${id} IN (SELECT entry_id FROM ${entryTags} WHERE ${entryTags.tagId} = ${up})`;
  const markers = sql`
  -- The downs that are not also ups (an up ends a sleep, whatever else it says).
  all_downs AS (
    SELECT ${entries.id} AS id, ${entries.date} AS date
    FROM ${entryTags} JOIN ${entries} ON ${entries.id} = ${entryTags.entryId}
    WHERE ${entryTags.tagId} = ${down} AND ${entries.userId} = ${userId} AND ${entries.date} <= ${context.now}
      AND NOT ${upEntry(sql`${entries.id}`)}),
  -- Only the nights that can hold a match: from the last down before the first possible match on.
  downs AS (
    SELECT id, date FROM all_downs${
      from === null
        ? sql``
        : sql` WHERE date >= COALESCE((SELECT MAX(date) FROM all_downs WHERE date < ${from}), ${from})`
    }),
  -- The first up after each down (by date, id): a short walk forward on the date index, a night's entries.
  nights AS MATERIALIZED (
    SELECT m.id, m.date, (
      SELECT u.id FROM ${entries} u
      WHERE u.user_id = ${userId} AND (u.date, u.id) > (m.date, m.id) AND u.date <= ${context.now} AND ${upEntry(sql`u.id`)}
      ORDER BY u.date, u.id LIMIT 1) AS up_id
    FROM downs m),
  -- The sleeps: the nights that share an up are one sleep, from their first down to that up (or to now).
  sleeps AS (
    SELECT MIN(n.date) AS start, w.date AS end_date, w.id AS end_id,
      COALESCE(w.date, ${context.now}) - MIN(n.date) AS len
    FROM nights n LEFT JOIN ${entries} w ON w.id = n.up_id GROUP BY n.up_id),
  -- Asleep: strictly between a down and the first up after it (an index range per night). A down
  -- after a down lies inside the first one's night, so the nights may overlap; the set does not mind.
  asleep AS MATERIALIZED (
    SELECT x.id FROM nights n LEFT JOIN ${entries} w ON w.id = n.up_id
    JOIN ${entries} x ON x.user_id = ${userId} AND (x.date, x.id) > (n.date, n.id)
      AND (x.date, x.id) < (COALESCE(w.date, ${context.now} + 1), COALESCE(w.id, 0))),
  awake AS (SELECT id, date FROM (${rows}) WHERE id NOT IN (SELECT id FROM asleep))`;

  if (!options.withSleep) return { uptime: true, with: sql`WITH ${markers}, matched AS (SELECT id, date FROM awake)` };
  return {
    uptime: true,
    with: sql`WITH ${markers}, matched AS (SELECT id, date FROM awake),
  -- Each sleep's end finds the first match at or after it (any awake match at that moment comes after the up).
  ends AS MATERIALIZED (
    SELECT len, (
      SELECT ${entries.id} FROM ${entries}
      WHERE ${entries.userId} = ${userId} AND ${entries.date} >= z.end_date AND ${entries.date} <= ${context.now}${since}
        AND ${conditionOf(true)} AND +${entries.id} NOT IN (SELECT id FROM asleep)
      ORDER BY ${entries.date}, ${entries.id} LIMIT 1) AS id
    FROM sleeps z WHERE z.end_date IS NOT NULL),
  slept AS (SELECT id, SUM(len) AS len FROM ends WHERE id IS NOT NULL GROUP BY id)`,
  };
}
