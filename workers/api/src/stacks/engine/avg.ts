import type { StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { entryMetrics } from "../../journal/schema.ts";
import { type Run, seconds } from "./run.ts";

/**
 * `avg`: the chosen metric's mean over the matches that carry it; without a
 * metric, the mean time between consecutive matches in seconds — the span
 * from the first to the last over the gaps, measured on the matches' clock
 * (with uptimeOnly the awake clock, which leaves the sleeps between them out).
 */
export async function avg(run: Run): Promise<StackItemData["avg"]> {
  const { with: w } = await run.matching();
  const { metric } = run;
  if (metric) {
    const row = await run.db.get<{ mean: number | null; n: number }>(sql`${w}
      SELECT AVG(${entryMetrics.value}) AS mean, COUNT(*) AS n FROM matched
      JOIN ${entryMetrics} ON ${entryMetrics.entryId} = matched.id AND ${entryMetrics.metricId} = ${metric.id}`);
    return { value: row.mean, count: row.n, metric };
  }
  const row = await run.db.get<{ n: number; span: number | null }>(sql`${w}
    SELECT COUNT(*) AS n, MAX(clock) - MIN(clock) AS span FROM matched`);
  return { value: row.n < 2 || row.span === null ? null : seconds(row.span) / (row.n - 1), count: row.n, metric: null };
}
