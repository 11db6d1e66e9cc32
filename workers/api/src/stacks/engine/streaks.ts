import { dayNumberToDate, localDayNumber } from "@nook/shared/common/time-zone";
import { STREAK_LAST_DAYS, type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import { and, eq, lte, min, sql } from "drizzle-orm";
import { entries } from "../../journal/schema.ts";
import { localDaySql } from "./local-day.ts";
import type { Run } from "./run.ts";

type Streaks = StackItemData["streaks"];
interface Streak {
  start: number;
  end: number;
  endEntryId: number;
}

/**
 * The latest entry of a day as one integer: its time from a point safely
 * before the day's start (< 2^28 ms) above its id (< 2^35), so MAX() picks
 * the latest by (date, id) and `% 2^35` gives back its id.
 */
const ID_BITS = 34_359_738_368; // 2^35
const BEFORE_DAY = 14 * 3_600_000; // the largest UTC offset
/** An integer literal: a bound number may reach SQLite as a REAL and lose the low bits. */
const int = (n: number) => sql.raw(String(n));

/**
 * `streaks`: runs of consecutive local days with a match. SQL groups the
 * matches by local day (one row per day, with the day's latest entry); the
 * runs are found over those days.
 */
export async function streaks(run: Run): Promise<Streaks> {
  const { db, now } = run;
  const { timeZone } = run.context;
  const [m, firstRow] = await Promise.all([
    run.matching(),
    db
      .select({ first: min(entries.date) })
      .from(entries)
      .where(and(eq(entries.userId, run.userId), lte(entries.date, now)))
      .get(),
  ]);
  const today = localDayNumber(now, timeZone);
  const first = firstRow?.first ?? null;
  const days =
    first === null
      ? []
      : await db.all<{ day: number; endId: number }>(sql`${m.with}
          SELECT day, MAX((date - day * 86400000 + ${int(BEFORE_DAY)}) * ${int(ID_BITS)} + id) % ${int(ID_BITS)} AS endId
          -- LIMIT -1 keeps the day a column of its own: flattened, its CASE would run once per use.
          FROM (SELECT date, id, ${localDaySql(sql`date`, timeZone, first, now)} AS day FROM matched LIMIT -1)
          GROUP BY day ORDER BY day`);
  return streaksOf(days, today);
}

/** The statistic from the days with a match (ascending) and today's day number. */
export function streaksOf(days: { day: number; endId: number }[], today: number): Streaks {
  const runs: Streak[] = [];
  for (const { day, endId } of days) {
    const last = runs.at(-1);
    if (last && last.end === day - 1) {
      last.end = day;
      last.endEntryId = endId;
    } else runs.push({ start: day, end: day, endEntryId: endId });
  }
  const active = new Set(days.map((d) => d.day));
  const latest = runs.at(-1);
  const current = latest && latest.end >= today - 1 ? latest : null;
  const length = (s: Streak) => s.end - s.start + 1;
  const top = runs.toSorted((a, b) => length(b) - length(a) || b.end - a.end).slice(0, TOP_N);
  return {
    lastDays: Array.from({ length: STREAK_LAST_DAYS }, (_, i) => active.has(today - (STREAK_LAST_DAYS - 1) + i)),
    currentStreak: { length: current ? length(current) : 0 },
    currentStreakDateFrom: current ? dayNumberToDate(current.start) : null,
    daysSinceLastEntry: latest ? today - latest.end : null,
    topStreaks: top.map((s) => ({
      length: length(s),
      startDate: dayNumberToDate(s.start),
      endDate: dayNumberToDate(s.end),
      endEntryId: s.endEntryId,
      isCurrent: s === current,
    })),
  };
}
