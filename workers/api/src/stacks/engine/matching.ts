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
 * clause defining `matched(id, date, s)` — the user's entries up to now that
 * pass the filter and range (and, with uptimeOnly, are awake) — where `s` is
 * the sleep time before the entry (0 without uptimeOnly). The uptime length
 * of a span between two matches is then (date₂ − date₁) − (s₂ − s₁).
 *
 * With uptimeOnly, `markers(date, up, len)` is defined too: the entries tagged
 * `down` or `up`, `len` the sleep a down marker opens (to the next marker, or
 * to now). Everything is SQL over the entries index; no entry reaches
 * JavaScript.
 */
export interface Matching {
  /** `WITH …, matched AS (…)` — append `, more AS (…)` or a `SELECT`. */
  with: SQL;
  uptime: boolean;
}

export interface MatchingOptions {
  /** Only entries from this instant on (the calendar's year), on top of the item's range. */
  since?: number;
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
  const condition =
    filterConditionWith(db, idOf, {
      filter: query.config.filter,
      tagsSign: query.tagsSign,
      timeRange: query.config.timeRange,
      timeZone: context.timeZone,
      now: context.now,
    }) ?? sql`0`;
  const since = options.since === undefined ? sql`` : sql` AND ${entries.date} >= ${options.since}`;
  const rows = sql`SELECT ${entries.id} AS id, ${entries.date} AS date FROM ${entries}
    WHERE ${entries.userId} = ${userId} AND ${entries.date} <= ${context.now}${since} AND ${condition}`;

  const down = idOf.get(DOWN);
  const up = idOf.get(UP);
  // No down marker ever: nobody slept, every entry is awake.
  if (!query.uptimeOnly || down === undefined)
    return { with: sql`WITH matched AS (SELECT id, date, 0 AS s FROM (${rows}))`, uptime: false };

  const markerTags = up === undefined ? sql`${down}` : sql`${down}, ${up}`;
  const isUp = up === undefined ? sql`0` : sql`MAX(${entryTags.tagId} = ${up})`;
  return {
    uptime: true,
    with: sql`WITH
  marker_rows AS (
    SELECT ${entries.id} AS id, ${entries.date} AS date, ${isUp} AS up
    FROM ${entryTags} JOIN ${entries} ON ${entries.id} = ${entryTags.entryId}
    WHERE ${entryTags.tagId} IN (${markerTags}) AND ${entries.userId} = ${userId} AND ${entries.date} <= ${context.now}
    GROUP BY ${entries.id}),
  markers AS (
    SELECT id, date, up, ROW_NUMBER() OVER w AS rn,
      CASE WHEN up THEN 0 ELSE COALESCE(LEAD(date) OVER w, ${context.now}) - date END AS len
    FROM marker_rows WINDOW w AS (ORDER BY date, id)),
  stream AS (
    -- Markers and matches in (date, id) order; an up marker sorts before its own
    -- entry (waking is awake), a down marker after it (falling asleep is awake).
    SELECT date, id, CASE WHEN up THEN -1 ELSE 1 END AS k, rn * 2 + 1 - up AS mark,
      SUM(len) OVER (ORDER BY rn ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before, 0 AS hit
    FROM markers
    UNION ALL
    SELECT date, id, 0, NULL, NULL, 1 FROM (${rows})),
  carried AS (
    -- The latest marker at or before each row: its number and kind (mark), and the sleep before it.
    SELECT id, date, hit, MAX(mark) OVER w AS mark, MAX(before) OVER w AS before
    FROM stream WINDOW w AS (ORDER BY date, id, k ROWS UNBOUNDED PRECEDING)),
  -- Awake: no marker yet, or the latest is an up; then all sleep so far lies before the entry.
  matched AS (
    SELECT id, date, COALESCE(before, 0) AS s FROM carried WHERE hit = 1 AND COALESCE(mark % 2, 0) = 0)`,
  };
}
