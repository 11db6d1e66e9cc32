import { addDays, parseDate } from "@nook/shared/common/calendar-date";
import { startOfLocalDay } from "@nook/shared/common/time-zone";
import {
  type Finding,
  INSIGHTS_FDR,
  INSIGHTS_FINDINGS_MAX,
  INSIGHTS_MIN_DAYS,
  INSIGHTS_MIN_PAIRS,
  type Insights,
  type WeekdayMood,
} from "@nook/shared/insights/schemas";
import { benjaminiHochberg, spearman, type Sums, welch } from "@nook/shared/insights/statistics";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { localDaySql } from "../platform/local-day.ts";
import { entries, entryMetrics, entryTags, metrics, tags } from "./schema.ts";

/**
 * A number written into the SQL: every value of these statements is a whole number we computed (the user's
 * id, instants, day numbers), so they carry no parameters — drizzle's D1 batch binds none for raw SQL.
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
}

/** The first instant of a local day ("YYYY-MM-DD") in the zone. */
function dayStart(date: string, timeZone: string): number {
  const d = parseDate(date);
  return startOfLocalDay(d.year, d.month, d.day, timeZone);
}

interface SumsRow {
  n: number;
  s: number;
  ss: number;
}
interface TagRow extends SumsRow {
  name: string;
  lag: 0 | 1;
}
interface WeekdayRow extends SumsRow {
  weekday: number;
}
interface MetricRow {
  name: string;
  n: number;
  x: number;
  y: number;
  xx: number;
  yy: number;
  xy: number;
}

/**
 * The three reads of the insights over the local days [from, to], for one batch (one trip): each builds the
 * days' moods itself — a day's mood is the mean of the 'mood' metric over that local day's entries — and
 * sends back sums, never a row an entry:
 *   - per weekday: the days with a mood, the sum of their moods and of their squares;
 *   - per tag and lag (0: the same day, 1: the day after): the same sums over the days with a mood whose day
 *     (or the day before) has the tag; the days without are the totals less these;
 *   - per metric: Spearman's sums over the days having both the metric (its sum that day) and a mood, the
 *     average ranks (ties share theirs) worked out by window functions.
 * Days are the zone's (localDaySql: one CASE over its clock changes). Tags are read from the day before
 * `from`, for the lag.
 */
export function insightsReads(db: Db, userId: number, from: string, to: string, timeZone: string) {
  const tagStart = dayStart(addDays(from, -1), timeZone);
  const start = dayStart(from, timeZone);
  const end = dayStart(addDays(to, 1), timeZone);
  const day = localDaySql(sql`e.date`, timeZone, tagStart, end);
  const user = int(userId);
  const moodId = sql`(SELECT ${metrics.id} FROM ${metrics} WHERE ${metrics.userId} = ${user} AND ${metrics.name} = 'mood')`;
  const inSpan = (since: number) => sql`e.user_id = ${user} AND e.date >= ${int(since)} AND e.date < ${int(end)}`;
  // LIMIT -1 keeps each CTE a table of its own (materialized once), not folded into the joins below.
  const dayMood = sql`day_mood AS (
    SELECT ${day} AS day, avg(em.value) AS mood
    FROM ${entries} e JOIN ${entryMetrics} em ON em.entry_id = e.id AND em.metric_id = ${moodId}
    WHERE ${inSpan(start)} GROUP BY 1 LIMIT -1)`;
  const sums = sql`count(*) AS n, sum(m.mood) AS s, sum(m.mood * m.mood) AS ss`;
  return [
    db.all<WeekdayRow>(sql`WITH ${dayMood}
      SELECT ((m.day + 3) % 7 + 7) % 7 AS weekday, ${sums} FROM day_mood m GROUP BY 1 ORDER BY 1`),
    db.all<TagRow>(sql`WITH ${dayMood},
      tag_day AS (
        SELECT DISTINCT et.tag_id AS tag_id, ${day} AS day
        FROM ${entries} e JOIN ${entryTags} et ON et.entry_id = e.id
        WHERE ${inSpan(tagStart)} LIMIT -1),
      joined AS (
        SELECT t.tag_id AS tag_id, 0 AS lag, m.mood AS mood FROM tag_day t JOIN day_mood m ON m.day = t.day
        UNION ALL
        SELECT t.tag_id, 1, m.mood FROM tag_day t JOIN day_mood m ON m.day = t.day + 1)
      SELECT tg.name AS name, j.lag AS lag, count(*) AS n, sum(j.mood) AS s, sum(j.mood * j.mood) AS ss
      FROM joined j JOIN ${tags} tg ON tg.id = j.tag_id
      GROUP BY j.tag_id, j.lag HAVING count(*) >= ${int(INSIGHTS_MIN_DAYS)}`),
    db.all<MetricRow>(sql`WITH ${dayMood},
      metric_day AS (
        SELECT em.metric_id AS metric_id, ${day} AS day, sum(em.value) AS value
        FROM ${entries} e JOIN ${entryMetrics} em ON em.entry_id = e.id
        WHERE ${inSpan(start)} AND em.metric_id IS NOT ${moodId}
        GROUP BY 1, 2 LIMIT -1),
      ranked AS (
        SELECT d.metric_id AS metric_id,
          rank() OVER (PARTITION BY d.metric_id ORDER BY d.value)
            + (count(*) OVER (PARTITION BY d.metric_id, d.value) - 1) / 2.0 AS rx,
          rank() OVER (PARTITION BY d.metric_id ORDER BY m.mood)
            + (count(*) OVER (PARTITION BY d.metric_id, m.mood) - 1) / 2.0 AS ry
        FROM metric_day d JOIN day_mood m ON m.day = d.day)
      SELECT mt.name AS name, count(*) AS n, sum(r.rx) AS x, sum(r.ry) AS y, sum(r.rx * r.rx) AS xx,
        sum(r.ry * r.ry) AS yy, sum(r.rx * r.ry) AS xy
      FROM ranked r JOIN ${metrics} mt ON mt.id = r.metric_id
      GROUP BY r.metric_id HAVING count(*) >= ${int(INSIGHTS_MIN_PAIRS)}`),
  ] as const;
}

type Reads = { [K in keyof ReturnType<typeof insightsReads>]: Awaited<ReturnType<typeof insightsReads>[K]> };

const sumsOf = (r: SumsRow): Sums => ({ n: r.n, sum: r.s, squares: r.ss });

/**
 * The findings from the reads' sums: a tag or person with at least INSIGHTS_MIN_DAYS days with a mood on each
 * side is tested (Welch), at each lag; a metric with at least INSIGHTS_MIN_PAIRS days (Spearman); below that
 * it is left out. Every test made is adjusted together (Benjamini–Hochberg at 5%). Strongest first: the
 * significant ones, then by p (the surest first), then by the size of the difference, then by name.
 */
export function insightsOf([weekdayRows, tagRows, metricRows]: Reads, from: string, to: string): Insights {
  const total: Sums = { n: 0, sum: 0, squares: 0 };
  for (const r of weekdayRows) {
    total.n += r.n;
    total.sum += r.s;
    total.squares += r.ss;
  }
  const weekdays: WeekdayMood[] = Array.from({ length: 7 }, (_, weekday) => {
    const r = weekdayRows.find((w) => w.weekday === weekday);
    return { weekday, days: r?.n ?? 0, mean: r ? r.s / r.n : null };
  });

  type Test = Omit<Finding, "q" | "significant">;
  const tests: Test[] = [];
  for (const r of tagRows) {
    const without: Sums = { n: total.n - r.n, sum: total.sum - r.s, squares: total.squares - r.ss };
    if (without.n < INSIGHTS_MIN_DAYS) continue;
    const c = welch(sumsOf(r), without);
    tests.push({ kind: r.name.startsWith("@") ? "person" : "tag", name: r.name, lag: r.lag, days: r.n, ...c });
  }
  for (const r of metricRows) {
    const c = spearman(r);
    tests.push({
      kind: "metric",
      name: r.name,
      lag: 0,
      days: r.n,
      withMean: null,
      withoutMean: null,
      difference: c.rho,
      low: c.low,
      high: c.high,
      p: c.p,
    });
  }
  const qs = benjaminiHochberg(tests.map((t) => t.p));
  const findings: Finding[] = tests.map((t, i) => {
    const q = qs[i] as number;
    return { ...t, q, significant: q <= INSIGHTS_FDR };
  });
  findings.sort(
    (a, b) =>
      Number(b.significant) - Number(a.significant) ||
      a.p - b.p ||
      Math.abs(b.difference) - Math.abs(a.difference) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : a.lag - b.lag),
  );
  return {
    from,
    to,
    days: total.n,
    tested: tests.length,
    findings: findings.slice(0, INSIGHTS_FINDINGS_MAX),
    weekdays,
  };
}
