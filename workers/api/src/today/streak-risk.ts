import { localDayNumber } from "@nook/shared/common/time-zone";
import type { StackItemConfig } from "@nook/shared/stacks/schemas";
import { STREAK_DAYS_SHOWN, type StreakAtRisk } from "@nook/shared/today/today";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { entries, tags } from "../journal/schema.ts";
import { tagIdMap } from "../journal/tag-ids.ts";
import { DOWN, refreshUptime } from "../journal/uptime.ts";
import type { Db } from "../platform/db.ts";
import { localDayStartSql } from "../platform/local-day.ts";
import { matching } from "../stacks/engine/matching.ts";
import { stackItems } from "../stacks/schema.ts";

const DAY = 86_400_000;

export interface StreakItem {
  itemId: number;
  stackId: number;
  stackName: string;
  title: string;
  config: StackItemConfig;
  tagsSign: "&&" | "||";
  uptimeOnly: boolean;
}

/**
 * The user's tags that the streak items' filters name (and `down`, which uptime-only reads), for the first
 * trip's batch: the names are read from the items' configs inside the query, so no trip waits for them.
 */
export function streakTagsRead(db: Db, userId: number) {
  const named = sql`SELECT json_extract(f.value, '$.name') FROM ${stackItems}, json_each(${stackItems.config}, '$.filter') AS f
    WHERE ${stackItems.userId} = ${userId} AND ${stackItems.type} = 'streaks'`;
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), or(sql`${tags.name} IN (${named})`, eq(tags.name, DOWN))));
}

/**
 * Of the streak items, those whose current streak ends tonight unless an entry comes today — a match
 * yesterday (local) and none yet today — with its length: one query an item, all at once. The query walks
 * back a day at a time from yesterday while the day holds a match, each step a look at that day's entries
 * on the date index that stops at the first match, for at most STREAK_DAYS_SHOWN days: a streak longer
 * than a year is "365+" here (its stack counts it whole), and costs what a year does, not a statistic over
 * a decade's journal.
 */
export async function streaksAtRisk(
  db: Db,
  userId: number,
  items: StreakItem[],
  tagRows: { id: number; name: string }[],
  now: number,
  timeZone: string,
): Promise<StreakAtRisk[]> {
  if (!items.length) return [];
  if (items.some((i) => i.uptimeOnly)) await refreshUptime(db, userId);
  const idOf = tagIdMap(tagRows);
  const today = localDayNumber(now, timeZone);
  // The walk goes back STREAK_DAYS_SHOWN + 1 days at most: a year's clock changes.
  const from = now - (STREAK_DAYS_SHOWN + 3) * DAY;
  const startOf = (day: SQL) => localDayStartSql(day, timeZone, from, now + 2 * DAY);
  const context = { now, timeZone };
  const found = await Promise.all(
    items.map(async (item): Promise<StreakAtRisk | null> => {
      const query = {
        type: "streaks" as const,
        config: item.config,
        tagsSign: item.tagsSign,
        uptimeOnly: item.uptimeOnly,
      };
      const { isMatch } = matching(db, userId, query, context, idOf);
      const matchOn = (day: SQL) => sql`EXISTS (SELECT 1 FROM ${entries}
        WHERE ${isMatch} AND ${entries.date} >= ${startOf(day)} AND ${entries.date} < ${startOf(sql`${day} + 1`)})`;
      // Day numbers written as numbers: each boundary repeats its day once a clock change, past D1's 100 bindings.
      const day = (n: number) => sql.raw(String(n));
      const [row] = await db.all<{ length: number }>(sql`WITH RECURSIVE walk(day) AS (
          SELECT ${day(today - 1)} WHERE ${matchOn(day(today - 1))} AND NOT ${matchOn(day(today))}
          UNION ALL
          SELECT walk.day - 1 FROM walk WHERE walk.day > ${day(today - 1 - STREAK_DAYS_SHOWN)} AND ${matchOn(sql`walk.day - 1`)}
        )
        SELECT count(*) AS length FROM walk`);
      const walked = row?.length ?? 0;
      if (walked === 0) return null;
      const { itemId, stackId, stackName, title } = item;
      return {
        stackId,
        stackName,
        itemId,
        title,
        length: Math.min(walked, STREAK_DAYS_SHOWN),
        more: walked > STREAK_DAYS_SHOWN,
      };
    }),
  );
  return found.filter((s) => s !== null);
}
