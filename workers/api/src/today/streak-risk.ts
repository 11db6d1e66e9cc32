import { dayNumberToDate, localDayNumber } from "@nook/shared/common/time-zone";
import { periodDays, periodOf } from "@nook/shared/stacks/goal-periods";
import { GOAL_TIMES_MAX, type StackItemConfig, type StreakGoal } from "@nook/shared/stacks/schemas";
import { STREAK_DAYS_SHOWN, STREAK_PERIODS_SHOWN, type StreakAtRisk } from "@nook/shared/today/today";
import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { entries, tags } from "../journal/schema.ts";
import { tagIdMap } from "../journal/tag-ids.ts";
import { DOWN, refreshUptime } from "../journal/uptime.ts";
import type { Db } from "../platform/db.ts";
import { localDayStartSql } from "../platform/local-day.ts";
import { matching } from "../stacks/engine/matching.ts";
import { stackItems, stacks } from "../stacks/schema.ts";

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
 * The user's streaks-type stack items, in their stacks' order (`only` those of these ids, when given), as
 * Today and the reminders' cron read them. No join: a batch reads its rows by column name, and the two tables'
 * `id`s would be one.
 */
export function streakItemsRead(db: Db, userId: number, limit: number, only?: number[]) {
  return db
    .select({
      itemId: stackItems.id,
      stackId: stackItems.stackId,
      stackName: sql<string>`(SELECT ${stacks.name} FROM ${stacks} WHERE ${stacks.id} = "stack_items"."stack_id")`,
      title: stackItems.title,
      config: stackItems.config,
      tagsSign: stackItems.tagsSign,
      uptimeOnly: stackItems.uptimeOnly,
    })
    .from(stackItems)
    .where(
      and(
        eq(stackItems.userId, userId),
        eq(stackItems.type, "streaks"),
        only ? inArray(stackItems.id, only) : undefined,
      ),
    )
    .orderBy(asc(stackItems.stackId), asc(stackItems.position), asc(stackItems.id))
    .limit(limit);
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
 * a decade's journal. An item with a goal is at risk by its own rule (goalAtRisk).
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
  // The walk goes back STREAK_DAYS_SHOWN + 1 days at most (with a goal, 13 months or 53 weeks and this one): a
  // year's clock changes, and a few more.
  const from = now - 450 * DAY;
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
      if (item.config.goal) return goalAtRisk(db, item, item.config.goal, matchOn, today);
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
        goal: null,
      };
    }),
  );
  return found.filter((s) => s !== null);
}

/**
 * An item with a goal (N days with a match per week or month) is at risk on the last two days of its
 * period — for a week, Saturday and Sunday: the day before the last, so the evening reminder comes while
 * a day is left, and the last, while it still can be met tonight — when this period is short of the goal
 * but the days left (today included, unless it already has a match) can still make it up, and the periods
 * just before it met the goal in a row: that run is what it would lose. A period already lost is no risk,
 * nor one with no streak behind it. One query: this period's count, and a walk back a period at a time
 * while each met the goal, for a year of periods at most (STREAK_PERIODS_SHOWN), each period a look at
 * each of its days — about what the daily walk's year costs.
 */
async function goalAtRisk(
  db: Db,
  item: StreakItem,
  goal: StreakGoal,
  /** Whether the local day numbered `day` has a match: the daily walk's look at one day. */
  matchOn: (day: SQL) => SQL,
  today: number,
): Promise<StreakAtRisk | null> {
  const period = periodOf(today, goal.per);
  const { first, last } = periodDays(period, goal.per);
  if (last - today > 1) return null;
  const shown: number = STREAK_PERIODS_SHOWN[goal.per];
  // The periods before this one (k = 1…), as local day numbers written as numbers (no bindings).
  const bounds = Array.from({ length: shown + 1 }, (_, i) => {
    const k = i + 1;
    const days = periodDays(period - k, goal.per);
    return sql.raw(`(${k}, ${days.first}, ${days.last})`);
  });
  // A period's days with a match: for each of its days, a look at that day's entries on the date index that
  // stops at the first match — as the daily walk looks (a week costs 7 looks, a month up to 31).
  const offsets = Array.from({ length: GOAL_TIMES_MAX.month }, (_, o) => sql.raw(`(${o})`));
  const daysIn = (first: SQL, last: SQL) => sql`(SELECT COUNT(*) FROM offsets
    WHERE offsets.o <= ${last} - ${first} AND ${matchOn(sql`${first} + offsets.o`)})`;
  const times = sql.raw(String(goal.times));
  const num = (n: number) => sql.raw(String(n));
  const [row] = await db.all<{ count: number; today: number; length: number }>(sql`WITH RECURSIVE
      bounds(k, first, last) AS (VALUES ${sql.join(bounds, sql`, `)}),
      offsets(o) AS (VALUES ${sql.join(offsets, sql`, `)}),
      walk(k) AS (
        SELECT k FROM bounds WHERE k = 1 AND ${daysIn(sql`bounds.first`, sql`bounds.last`)} >= ${times}
        UNION ALL
        SELECT b.k FROM walk JOIN bounds b ON b.k = walk.k + 1
        WHERE walk.k <= ${num(shown)} AND ${daysIn(sql`b.first`, sql`b.last`)} >= ${times}
      )
    SELECT ${daysIn(num(first), num(last))} AS count,
      ${matchOn(num(today))} AS today,
      (SELECT count(*) FROM walk) AS length`);
  if (!row) return null;
  const daysLeft = last - today + 1 - (row.today ? 1 : 0);
  const short = goal.times - row.count;
  if (row.length === 0 || short <= 0 || short > daysLeft) return null;
  const { itemId, stackId, stackName, title } = item;
  return {
    stackId,
    stackName,
    itemId,
    title,
    length: Math.min(row.length, shown),
    more: row.length > shown,
    goal: { times: goal.times, per: goal.per, count: row.count, periodEnd: dayNumberToDate(last) },
  };
}
