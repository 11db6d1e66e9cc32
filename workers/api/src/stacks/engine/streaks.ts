import { dayNumberToDate, localDayNumber } from "@nook/shared/common/time-zone";
import { periodDays, periodOf } from "@nook/shared/stacks/goal-periods";
import { STREAK_LAST_DAYS, type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import type { GoalPeriod, StreakGoal } from "@nook/shared/stacks/schemas";
import { and, eq, lte, min, type SQL, sql } from "drizzle-orm";
import { entries } from "../../journal/schema.ts";
import { localDaySql } from "../../platform/local-day.ts";
import type { Run } from "./run.ts";

type Streaks = StackItemData["streaks"];

/** A local day's instants lie within this much of its UTC day (the largest UTC offsets are +14 h and −12 h). */
const MARGIN = 14 * 3_600_000;
const DAY = 86_400_000;
const int = (n: number) => sql.raw(String(n));

/** A run of consecutive periods (days, or with a goal weeks or months) that met the goal, as the database found it. */
interface Streak {
  /** Its first and last local days with a match. */
  start: number;
  end: number;
  /** Its first and last periods (without a goal, the same as its days). */
  first: number;
  last: number;
  endId: number | null;
}

/**
 * SQL for the index of the period holding a local day (goal-periods.ts `periodOf`): the day itself without
 * a goal; the week's (its Monday, 1970-01-01 being a Thursday, over 7, exact); the month's year × 12 +
 * month − 1. The shift keeps the remainder's operand positive for days before 1970.
 */
export function periodSql(day: SQL, per: GoalPeriod | null): SQL {
  if (per === null) return day;
  if (per === "week") return sql`((${day} - ((${day} + 70003) % 7) + 3) / 7)`;
  const part = (f: string) => sql`CAST(strftime(${sql.raw(`'${f}'`)}, (${day}) * 86400, 'unixepoch') AS INTEGER)`;
  return sql`(${part("%Y")} * 12 + ${part("%m")} - 1)`;
}

/**
 * `streaks`: runs of consecutive local days with a match — or, with a goal, of consecutive weeks or months
 * with at least `times` such days (Loop's frequency: a day counts once however many matches it holds).
 * SQL finds the days with a match (DISTINCT: a small deduplicating tree, no sort of the matches), their
 * periods with each one's count, and the runs among those that met the goal (a period less its rank is the
 * same within a run), and sends back only what the statistic shows: the TOP_N longest runs, each with its
 * last match (a short walk back on the date index from the end of its last day), the latest run, the days
 * of the last STREAK_LAST_DAYS, the latest day, and this period's count.
 */
export async function streaks(run: Run): Promise<Streaks> {
  const { db, now, userId } = run;
  const { timeZone } = run.context;
  const goal = run.query.config.goal ?? null;
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
  if (first === null) return streaksOf([], [], today, goal, 0);
  const dayOf = (date: SQL) => localDaySql(date, timeZone, first, now);
  const per = goal?.per ?? null;
  const thisPeriod = per === null ? today : periodOf(today, per);
  const lastMatch = sql`(SELECT ${entries.id} FROM ${entries}
    WHERE ${m.isMatch} AND ${entries.date} >= last_day * ${int(DAY)} - ${int(MARGIN)}
      AND ${entries.date} < (last_day + 1) * ${int(DAY)} + ${int(MARGIN)}
      AND ${dayOf(sql`${entries.date}`)} = last_day
    ORDER BY ${entries.date} DESC, ${entries.id} DESC LIMIT 1)`;
  const rows = await db.all<{
    kind: "top" | "latest" | "day" | "last" | "period";
    firstDay: number | null;
    lastDay: number | null;
    endId: number | null;
    firstPeriod: number;
    lastPeriod: number;
  }>(
    sql`${m.with},
    days AS MATERIALIZED (SELECT DISTINCT ${dayOf(sql`date`)} AS day FROM matched),
    periods AS MATERIALIZED (${
      // Without a goal each day is its own period: no grouping.
      per === null
        ? sql`SELECT day AS period, 1 AS n, day AS first_day, day AS last_day FROM days`
        : sql`SELECT ${periodSql(sql`day`, per)} AS period, COUNT(*) AS n, MIN(day) AS first_day, MAX(day) AS last_day
          FROM days GROUP BY 1`
    }),
    runs AS MATERIALIZED (
      SELECT MIN(period) AS first_period, MAX(period) AS last_period, MIN(first_day) AS first_day, MAX(last_day) AS last_day
      FROM (SELECT *, period - ROW_NUMBER() OVER (ORDER BY period) AS island FROM periods WHERE n >= ${int(goal?.times ?? 1)})
      GROUP BY island)
    SELECT 'top' AS kind, first_day AS firstDay, last_day AS lastDay, ${lastMatch} AS endId,
      first_period AS firstPeriod, last_period AS lastPeriod
    FROM (SELECT * FROM runs ORDER BY last_period - first_period DESC, last_day DESC LIMIT ${TOP_N})
    UNION ALL
    SELECT * FROM (SELECT 'latest', first_day, last_day, NULL, first_period, last_period FROM runs ORDER BY last_period DESC LIMIT 1)
    UNION ALL
    SELECT 'day', day, day, NULL, 0, 0 FROM days WHERE day > ${today - STREAK_LAST_DAYS}
    UNION ALL
    SELECT 'last', MAX(day), MAX(day), NULL, 0, 0 FROM days
    UNION ALL
    SELECT 'period', n, n, NULL, 0, 0 FROM periods WHERE period = ${int(thisPeriod)}`,
  );
  const pick = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.firstDay !== null && r.lastDay !== null)
      .map((r) => ({
        start: r.firstDay as number,
        end: r.lastDay as number,
        first: r.firstPeriod,
        last: r.lastPeriod,
        endId: r.endId,
      }));
  const latestDay = pick("last")[0]?.end;
  return streaksOf(pick("top"), pick("day"), today, goal, pick("period")[0]?.start ?? 0, pick("latest")[0], latestDay);
}

function endIdOf(s: Streak): number {
  if (s.endId === null)
    throw new Error(`no match found on the last day of the streak ending ${dayNumberToDate(s.end)}`);
  return s.endId;
}

/**
 * The statistic from the longest runs (longest first), the days of the last weeks, the goal with this
 * period's count, the latest run and the latest day with a match.
 */
export function streaksOf(
  top: Streak[],
  recent: { start: number }[],
  today: number,
  goal: StreakGoal | null,
  count: number,
  latest?: Streak,
  latestDay?: number,
): Streaks {
  const thisPeriod = goal ? periodOf(today, goal.per) : today;
  // The period before this one is still alive: this one breaks a streak only once it ends short.
  const current = latest && latest.last >= thisPeriod - 1 ? latest : null;
  const length = (s: Streak) => s.last - s.first + 1;
  const active = new Set(recent.map((d) => d.start));
  const days = goal ? periodDays(thisPeriod, goal.per) : null;
  return {
    lastDays: Array.from({ length: STREAK_LAST_DAYS }, (_, i) => active.has(today - (STREAK_LAST_DAYS - 1) + i)),
    currentStreak: { length: current ? length(current) : 0 },
    currentStreakDateFrom: current ? dayNumberToDate(current.start) : null,
    daysSinceLastEntry: latestDay === undefined ? null : today - latestDay,
    topStreaks: top.map((s) => ({
      length: length(s),
      startDate: dayNumberToDate(s.start),
      endDate: dayNumberToDate(s.end),
      endEntryId: endIdOf(s),
      isCurrent: current !== null && s.last === current.last,
    })),
    goal:
      goal && days
        ? {
            times: goal.times,
            per: goal.per,
            count,
            periodStart: dayNumberToDate(days.first),
            periodEnd: dayNumberToDate(days.last),
          }
        : null,
  };
}
