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
import { benjaminiHochberg, rankSums, type Sums, spearman, welch } from "@nook/shared/insights/statistics";
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

interface MoodRow {
  day: number;
  mood: number;
}
interface TagsRow {
  day: number;
  /** The day's tags' ids, comma-separated. */
  tags: string;
}
interface MetricsRow {
  day: number;
  /** {metric id: the day's sum} as JSON. */
  metrics: string;
}
interface NameRow {
  id: number;
  name: string;
  metric: number;
}

/**
 * The four reads of the insights over the local days [from, to], for one batch (one trip), each a row a
 * local day at most (never a row an entry), worked out by the database:
 *   - each day's mood: the mean of the 'mood' metric over that local day's entries;
 *   - each day's tags, from the day before `from` (for the next-day tests);
 *   - each day's metrics but the mood: a metric's day value is the sum of its values that day;
 *   - the names of the account's tags and metrics.
 * Days are the zone's (localDaySql: one CASE over its clock changes). The tests themselves are the
 * Worker's (insightsOf), over these few thousand rows at most.
 */
export function insightsReads(db: Db, userId: number, from: string, to: string, timeZone: string) {
  const tagStart = dayStart(addDays(from, -1), timeZone);
  const start = dayStart(from, timeZone);
  const end = dayStart(addDays(to, 1), timeZone);
  const day = localDaySql(sql`e.date`, timeZone, tagStart, end);
  const user = int(userId);
  const moodId = sql`(SELECT ${metrics.id} FROM ${metrics} WHERE ${metrics.userId} = ${user} AND ${metrics.name} = 'mood')`;
  const inSpan = (since: number) => sql`e.user_id = ${user} AND e.date >= ${int(since)} AND e.date < ${int(end)}`;
  return [
    db.all<MoodRow>(sql`SELECT ${day} AS day, avg(em.value) AS mood
      FROM ${entries} e JOIN ${entryMetrics} em ON em.entry_id = e.id AND em.metric_id = ${moodId}
      WHERE ${inSpan(start)} GROUP BY 1`),
    db.all<TagsRow>(sql`SELECT ${day} AS day, group_concat(DISTINCT et.tag_id) AS tags
      FROM ${entries} e JOIN ${entryTags} et ON et.entry_id = e.id WHERE ${inSpan(tagStart)} GROUP BY 1`),
    db.all<MetricsRow>(sql`SELECT day, json_group_object(metric_id, total) AS metrics FROM (
        SELECT ${day} AS day, em.metric_id AS metric_id, sum(em.value) AS total
        FROM ${entries} e JOIN ${entryMetrics} em ON em.entry_id = e.id
        WHERE ${inSpan(start)} AND em.metric_id IS NOT ${moodId} GROUP BY 1, 2)
      GROUP BY day`),
    db.all<NameRow>(sql`SELECT ${tags.id} AS id, ${tags.name} AS name, 0 AS metric FROM ${tags} WHERE ${tags.userId} = ${user}
      UNION ALL SELECT ${metrics.id}, ${metrics.name}, 1 FROM ${metrics} WHERE ${metrics.userId} = ${user}`),
  ] as const;
}

/** The four reads' rows, as the batch answers them. */
type Reads = readonly [MoodRow[], TagsRow[], MetricsRow[], NameRow[]];

const empty = (): Sums => ({ n: 0, sum: 0, squares: 0 });
function add(s: Sums, value: number) {
  s.n += 1;
  s.sum += value;
  s.squares += value * value;
}

/**
 * The findings from the reads' sums: a tag or person with at least INSIGHTS_MIN_DAYS days with a mood on each
 * side is tested (Welch), at each lag; a metric with at least INSIGHTS_MIN_PAIRS days (Spearman); below that
 * it is left out. Every test made is adjusted together (Benjamini–Hochberg at 5%). Strongest first: the
 * significant ones, then by p (the surest first), then by the size of the difference, then by name.
 */
export function insightsOf([moodRows, tagRows, metricRows, nameRows]: Reads, from: string, to: string): Insights {
  const moods = new Map(moodRows.map((r) => [r.day, r.mood]));
  const total = empty();
  const byWeekday = Array.from({ length: 7 }, empty);
  for (const { day, mood } of moodRows) {
    add(total, mood);
    // Day 0 (1970-01-01) was a Thursday: weekday 3, Monday being 0.
    add(byWeekday[(((day + 3) % 7) + 7) % 7] as Sums, mood);
  }
  const weekdays: WeekdayMood[] = byWeekday.map((s, weekday) => ({
    weekday,
    days: s.n,
    mean: s.n ? s.sum / s.n : null,
  }));

  // Each tag's days with a mood: that day's (lag 0), and the next day's (lag 1).
  const withTag = [new Map<number, Sums>(), new Map<number, Sums>()] as const;
  for (const { day, tags: list } of tagRows)
    for (const id of list.split(",").map(Number))
      withTag.forEach((sums, lag) => {
        const mood = moods.get(day + lag);
        if (mood === undefined) return;
        const s = sums.get(id) ?? empty();
        sums.set(id, s);
        add(s, mood);
      });
  // Each metric's pairs: its day value and the day's mood.
  const pairs = new Map<number, { x: number[]; y: number[] }>();
  for (const { day, metrics: json } of metricRows) {
    const mood = moods.get(day);
    if (mood === undefined) continue;
    for (const [id, value] of Object.entries(JSON.parse(json) as Record<string, number>)) {
      const p = pairs.get(Number(id)) ?? { x: [], y: [] };
      pairs.set(Number(id), p);
      p.x.push(value);
      p.y.push(mood);
    }
  }
  const tagNames = new Map(nameRows.filter((r) => !r.metric).map((r) => [r.id, r.name]));
  const metricNames = new Map(nameRows.filter((r) => r.metric).map((r) => [r.id, r.name]));

  type Test = Omit<Finding, "q" | "significant">;
  const tests: Test[] = [];
  withTag.forEach((sums, lag) => {
    for (const [id, s] of sums) {
      const name = tagNames.get(id);
      const without: Sums = { n: total.n - s.n, sum: total.sum - s.sum, squares: total.squares - s.squares };
      if (name === undefined || s.n < INSIGHTS_MIN_DAYS || without.n < INSIGHTS_MIN_DAYS) continue;
      const kind = name.startsWith("@") ? "person" : "tag";
      tests.push({ kind, name, lag: lag as 0 | 1, days: s.n, ...welch(s, without) });
    }
  });
  for (const [id, p] of pairs) {
    const name = metricNames.get(id);
    if (name === undefined || p.x.length < INSIGHTS_MIN_PAIRS) continue;
    const c = spearman(rankSums(p.x, p.y));
    tests.push({
      kind: "metric",
      name,
      lag: 0,
      days: p.x.length,
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
