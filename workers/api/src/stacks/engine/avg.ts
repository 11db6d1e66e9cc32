import type { StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { entryMetrics } from "../../journal/schema.ts";
import { type Run, seconds } from "./run.ts";

/**
 * `avg`: the chosen metric's mean over the matches that carry it; without a
 * metric, the mean time between consecutive matches in seconds — the span
 * from the first to the last over the gaps, with uptimeOnly less the sleeps
 * that ended between the two (an awake match is never inside a sleep, so a
 * sleep lies between them when its end does).
 */
export async function avg(run: Run): Promise<StackItemData["avg"]> {
  const { with: w, uptime } = await run.matching();
  const { metric } = run;
  if (metric) {
    const row = await run.db.get<{ mean: number | null; n: number }>(sql`${w}
      SELECT AVG(${entryMetrics.value}) AS mean, COUNT(*) AS n FROM matched
      JOIN ${entryMetrics} ON ${entryMetrics.entryId} = matched.id AND ${entryMetrics.metricId} = ${metric.id}`);
    return { value: row.mean, count: row.n, metric };
  }
  const slept = uptime ? sql`(SELECT TOTAL(len) FROM sleeps WHERE end_date > c.first AND end_date <= c.last)` : sql`0`;
  const row = await run.db.get<{ n: number; span: number | null }>(sql`${w}
    SELECT c.n AS n, c.last - c.first - ${slept} AS span
    FROM (SELECT COUNT(*) AS n, MIN(date) AS first, MAX(date) AS last FROM matched) c`);
  return { value: row.n < 2 || row.span === null ? null : seconds(row.span) / (row.n - 1), count: row.n, metric: null };
}
