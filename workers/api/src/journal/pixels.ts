import { dayNumber } from "@nook/shared/common/calendar-date";
import { offsetSpan } from "@nook/shared/common/time-zone";
import { daysInYear, type Pixels } from "@nook/shared/journal/pixels-limits";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { localDaySql } from "../platform/local-day.ts";
import { entries, entryMetrics, metrics } from "./schema.ts";

const DAY = 86_400_000;
/** The buckets the first read sums moods in: every zone's offset since 1972 is a whole number of them. */
const QUARTER = 900_000;
/** Added before the division so it floors for dates before 1970 too; a whole number of days and of quarters. */
const SHIFT = 30_000 * DAY;
/** Wider than any zone's offset (UTC−12 to UTC+14, LMT's a little more): the UTC span holds every local day. */
const MARGIN = DAY;

interface Sums {
  /** A quarter-hour's number (since 1970 less SHIFT), or a local day's number. */
  key: number;
  total: number;
  count: number;
}

/** The instants a year's local days may take in any zone: its UTC days and a day either side. */
function yearSpan(year: number): { from: number; to: number } {
  return { from: Date.UTC(year, 0, 1) - MARGIN, to: Date.UTC(year + 1, 0, 1) + MARGIN };
}

/**
 * The sums of the user's moods (the metric `mood`, 1–5) in [from, to), grouped by `group`: the entries of
 * the span through their date index, each entry's mood by its key (CROSS JOIN keeps that order, so the
 * account's moods of other years are never walked).
 */
function moodSums(db: Db, userId: number, from: number, to: number, group: (date: SQL) => SQL) {
  const key = group(sql`${entries.date}`);
  return db.all<Sums>(sql`SELECT ${key} AS key, sum(${entryMetrics.value}) AS total, count(*) AS count
    FROM ${entries} CROSS JOIN ${entryMetrics} ON ${entryMetrics.entryId} = ${entries.id}
      AND ${entryMetrics.metricId} = (SELECT ${metrics.id} FROM ${metrics}
        WHERE ${metrics.userId} = ${userId} AND ${metrics.name} = 'mood')
    WHERE ${entries.userId} = ${userId} AND ${entries.date} >= ${from} AND ${entries.date} < ${to}
    GROUP BY key`);
}

/** A quarter-hour's number of a date column: whole quarters since 1970 (less SHIFT, so never negative). */
const quarterSql = (date: SQL) => sql`((${date} + ${sql.raw(String(SHIFT))}) / ${sql.raw(String(QUARTER))})`;

/**
 * The first read of a year in pixels, before the zone is known (it comes with the session's row, on the same
 * trip): the sums of the moods a quarter-hour, over the year's UTC days and a day either side.
 */
export function pixelsRead(db: Db, userId: number, year: number) {
  const { from, to } = yearSpan(year);
  return moodSums(db, userId, from, to, quarterSql);
}

/** The zone's offset at an instant, from its offset span (the changes in order). */
function offsetAt(t: number, span: ReturnType<typeof offsetSpan>): number {
  let offset = span.first;
  for (const change of span.changes) if (t >= change.at) offset = change.offset;
  return offset;
}

const onQuarter = (ms: number) => ((ms % QUARTER) + QUARTER) % QUARTER === 0;

/**
 * A year in pixels (GET /api/journal/pixels): each local day's mean mood in the zone, or null. One trip when
 * every offset of the zone over the year, and every change of it, falls on a quarter-hour (every zone since
 * 1972): each quarter-hour's sums then lie in one local day. Otherwise (a few zones' local mean times, before
 * that) a second trip groups the moods by local day in the database itself (platform/local-day.ts).
 */
export async function yearInPixels(
  sums: Sums[],
  again: () => Promise<Sums[]>,
  year: number,
  timeZone: string,
): Promise<Pixels> {
  const { from, to } = yearSpan(year);
  const span = offsetSpan(timeZone, from, to);
  const quarters = onQuarter(span.first) && span.changes.every((c) => onQuarter(c.offset) && onQuarter(c.at));
  const first = dayNumber(`${String(year).padStart(4, "0")}-01-01`);
  const length = daysInYear(year);
  const total = new Array<number>(length).fill(0);
  const count = new Array<number>(length).fill(0);
  const byDay = quarters
    ? sums.map((s) => {
        const t = s.key * QUARTER - SHIFT;
        return { ...s, key: Math.floor((t + offsetAt(t, span)) / DAY) };
      })
    : await again();
  for (const s of byDay) {
    const i = s.key - first;
    if (i < 0 || i >= length) continue;
    total[i] = (total[i] ?? 0) + s.total;
    count[i] = (count[i] ?? 0) + s.count;
  }
  return { year, days: total.map((t, i) => (count[i] ? t / (count[i] ?? 1) : null)) };
}

/** The second trip, for a zone whose offsets are not whole quarter-hours: moods grouped by local day in SQL. */
export function pixelsByLocalDay(db: Db, userId: number, year: number, timeZone: string) {
  const { from, to } = yearSpan(year);
  return moodSums(db, userId, from, to, (date) => localDaySql(date, timeZone, from, to));
}
