import { dayNumberToDate, localDayNumber } from "@nook/shared/common/time-zone";
import { STREAK_LAST_DAYS, type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import { and, eq, lte, min, type SQL, sql } from "drizzle-orm";
import { entries } from "../../journal/schema.ts";
import { localDaySql } from "../../platform/local-day.ts";
import type { Run } from "./run.ts";

type Streaks = StackItemData["streaks"];

/** A local day's instants lie within this much of its UTC day (the largest UTC offsets are +14 h and −12 h). */
const MARGIN = 14 * 3_600_000;
const DAY = 86_400_000;
const int = (n: number) => sql.raw(String(n));

/** A run of consecutive days with a match, as the database found it. */
interface Streak {
  start: number;
  end: number;
  endId: number | null;
}

/**
 * `streaks`: runs of consecutive local days with a match. SQL finds the days
 * with a match (DISTINCT: a small deduplicating tree, no sort of the matches)
 * and the runs among them (a day less its rank is the same within a run),
 * and sends back only what the statistic shows: the TOP_N longest runs, each
 * with its last match (a short walk back on the date index from the end of
 * its last day), the latest run, and the days of the last STREAK_LAST_DAYS.
 */
export async function streaks(run: Run): Promise<Streaks> {
  const { db, now, userId } = run;
  const { timeZone } = run.context;
  const [m, firstRow] = await Promise.all([
    run.matching(),
    db
      .select({ first: min(entries.date) })
      .from(entries)
      .where(and(eq(entries.userId, userId), lte(entries.date, now)))
      .get(),
  ]);
  const today = localDayNumber(now, timeZone);
  const first = firstRow?.first ?? null;
  if (first === null) return streaksOf([], [], today);
  const dayOf = (date: SQL) => localDaySql(date, timeZone, first, now);
  const lastMatch = sql`(SELECT ${entries.id} FROM ${entries}
    WHERE ${m.isMatch} AND ${entries.date} >= last_day * ${int(DAY)} - ${int(MARGIN)}
      AND ${entries.date} < (last_day + 1) * ${int(DAY)} + ${int(MARGIN)}
      AND ${dayOf(sql`${entries.date}`)} = last_day
    ORDER BY ${entries.date} DESC, ${entries.id} DESC LIMIT 1)`;
  const rows = await db.all<{
    kind: "top" | "latest" | "day";
    firstDay: number;
    lastDay: number;
    endId: number | null;
  }>(
    sql`${m.with},
    days AS MATERIALIZED (SELECT DISTINCT ${dayOf(sql`date`)} AS day FROM matched),
    runs AS MATERIALIZED (
      SELECT MIN(day) AS first_day, MAX(day) AS last_day
      FROM (SELECT day, day - ROW_NUMBER() OVER (ORDER BY day) AS island FROM days) GROUP BY island)
    SELECT 'top' AS kind, first_day AS firstDay, last_day AS lastDay, ${lastMatch} AS endId
    FROM (SELECT * FROM runs ORDER BY last_day - first_day DESC, last_day DESC LIMIT ${TOP_N})
    UNION ALL
    SELECT * FROM (SELECT 'latest', first_day, last_day, NULL FROM runs ORDER BY last_day DESC LIMIT 1)
    UNION ALL
    SELECT 'day', day, day, NULL FROM days WHERE day > ${today - STREAK_LAST_DAYS}`,
  );
  const pick = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ start: r.firstDay, end: r.lastDay, endId: r.endId }));
  return streaksOf(pick("top"), pick("day"), today, pick("latest")[0]);
}

function endIdOf(s: Streak): number {
  if (s.endId === null)
    throw new Error(`no match found on the last day of the streak ending ${dayNumberToDate(s.end)}`);
  return s.endId;
}

/** The statistic from the longest runs (longest first), the days of the last weeks, and the latest run. */
export function streaksOf(top: Streak[], recent: { start: number }[], today: number, latest?: Streak): Streaks {
  const current = latest && latest.end >= today - 1 ? latest : null;
  const length = (s: Streak) => s.end - s.start + 1;
  const active = new Set(recent.map((d) => d.start));
  return {
    lastDays: Array.from({ length: STREAK_LAST_DAYS }, (_, i) => active.has(today - (STREAK_LAST_DAYS - 1) + i)),
    currentStreak: { length: current ? length(current) : 0 },
    currentStreakDateFrom: current ? dayNumberToDate(current.start) : null,
    daysSinceLastEntry: latest ? today - latest.end : null,
    topStreaks: top.map((s) => ({
      length: length(s),
      startDate: dayNumberToDate(s.start),
      endDate: dayNumberToDate(s.end),
      endEntryId: endIdOf(s),
      isCurrent: current !== null && s.end === current.end,
    })),
  };
}
