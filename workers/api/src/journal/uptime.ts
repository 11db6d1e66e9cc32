import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { entries, entryTags, tags, uptimeStale } from "./schema.ts";

/**
 * The user's sleep, kept on the entries (DESIGN §5 "Uptime"): a sleep runs
 * from an entry tagged `down` to the next entry tagged `up`. Each entry
 * carries three derived columns:
 *   - `asleep`: the latest down/up entry before it, by (date, id), is a down,
 *     and it is no up itself — uptime-only statistics leave it out;
 *   - `asleep_after`: the time right after it is asleep (it is a down and no
 *     up, or it is asleep and no up);
 *   - `awake_at`: its date less all the sleep before it — the awake clock, on
 *     which a span's length with the sleep cut out is a plain difference.
 * An entry's columns depend only on its own date and tags and on the down/up
 * entries before it. So the database's triggers (migration 0003) keep them:
 * a new or moved entry that marks nothing takes its state from the entry
 * before it at once; writing, moving or removing a down/up entry (or
 * renaming such a tag) marks the user's later entries stale in `uptime_stale`
 * from that date on, and `refreshUptime` recomputes them before an
 * uptime-only statistic is read. A sleep still open at "now" needs no
 * column: the entries after its down are asleep, and the statistics end
 * the time axis at now themselves.
 */

/** The tags that mark sleep. */
export const DOWN = "down";
export const UP = "up";

/** Before every date (the earliest a JavaScript Date can be): "stale from the start". */
export const EVER = -8_640_000_000_000_000;

/** Brings the user's sleep columns up to date, when a write left them stale; returns how many entries it recomputed. */
export async function refreshUptime(db: Db, userId: number): Promise<number> {
  const stale = await db
    .select({ since: uptimeStale.since })
    .from(uptimeStale)
    .where(eq(uptimeStale.userId, userId))
    .get();
  if (!stale) return 0;
  // One transaction, reading the mark inside it: a write between the look above and this batch is included.
  const [recomputed] = await db.batch([
    recompute(db, userId),
    db.delete(uptimeStale).where(eq(uptimeStale.userId, userId)),
  ]);
  return recomputed.meta.changes;
}

/** Recomputes the user's entries from the stale mark on, carrying the state of the last entry before it. */
function recompute(db: Db, userId: number) {
  const tagged = (name: string) =>
    sql`SELECT ${entryTags.entryId} FROM ${entryTags} WHERE ${entryTags.tagId} =
      (SELECT ${tags.id} FROM ${tags} WHERE ${tags.userId} = ${userId} AND ${tags.name} = ${name})`;
  const since = sql`(SELECT ${uptimeStale.since} FROM ${uptimeStale} WHERE ${uptimeStale.userId} = ${userId})`;
  const fresh = sql`(
    WITH
    -- The last entry before the mark: its columns are current.
    seed AS (
      SELECT date, asleep_after, awake_at FROM ${entries} WHERE user_id = ${userId} AND date < ${since}
      ORDER BY date DESC, id DESC LIMIT 1),
    -- Every entry from the mark on, in order, and what it marks: 0 an up (an up ends a sleep, whatever else
    -- it says), 1 a down, null nothing.
    marked AS (
      SELECT id, date, ROW_NUMBER() OVER (ORDER BY date, id) AS n,
        CASE WHEN id IN (${tagged(UP)}) THEN 0 WHEN id IN (${tagged(DOWN)}) THEN 1 END AS mark
      FROM ${entries} WHERE user_id = ${userId} AND date >= ${since}),
    -- Asleep after it: what the latest mark up to it says (n * 2 + mark: the latest wins), else the seed's.
    after AS (
      SELECT id, date, mark, COALESCE(
        MAX(n * 2 + mark) OVER (ORDER BY date, id ROWS UNBOUNDED PRECEDING) % 2,
        (SELECT asleep_after FROM seed), 0) AS asleep_after
      FROM marked),
    -- The entry before each: was the time since it asleep, and when was it.
    steps AS (
      SELECT id, date, mark, asleep_after,
        LAG(asleep_after, 1, COALESCE((SELECT asleep_after FROM seed), 0)) OVER byDate AS slept,
        LAG(date, 1, COALESCE((SELECT date FROM seed), 0)) OVER byDate AS previous
      FROM after WINDOW byDate AS (ORDER BY date, id))
    -- The awake clock runs on from the seed's, through every awake step (from 0 when there is no seed:
    -- then the first entry's awake time is its date).
    SELECT id, slept AND mark IS NOT 0 AS asleep, asleep_after,
      COALESCE((SELECT awake_at FROM seed), 0)
        + SUM(CASE WHEN slept THEN 0 ELSE date - previous END) OVER (ORDER BY date, id ROWS UNBOUNDED PRECEDING)
        AS awake_at
    FROM steps) AS fresh`;
  return db
    .update(entries)
    .set({
      asleep: sql`fresh.asleep`,
      asleepAfter: sql`fresh.asleep_after`,
      awakeAt: sql`fresh.awake_at`,
    })
    .from(fresh)
    .where(sql`${entries.id} = fresh.id`);
}

/**
 * SQL for an instant's place on the user's awake clock: from the latest entry
 * at or before it, its awake time plus the time since it unless that was
 * asleep; the instant itself when no entry came before (no sleep yet). The
 * columns must be fresh (refreshUptime).
 */
export function awakeClockAt(userId: number, instant: number): SQL {
  return sql`COALESCE((
    SELECT ${entries.awakeAt} + CASE WHEN ${entries.asleepAfter} THEN 0 ELSE ${instant} - ${entries.date} END
    FROM ${entries} WHERE ${entries.userId} = ${userId} AND ${entries.date} <= ${instant}
    ORDER BY ${entries.date} DESC, ${entries.id} DESC LIMIT 1), ${instant})`;
}
