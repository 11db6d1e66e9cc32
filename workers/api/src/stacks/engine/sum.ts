import type { StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { entryMetrics } from "../../journal/schema.ts";
import type { Run } from "./run.ts";

/** `sum`: the chosen metric's total over the matches that carry it; without a metric, the number of matches. */
export async function sum(run: Run): Promise<StackItemData["sum"]> {
  const { with: w } = await run.matching();
  const { metric } = run;
  if (!metric) {
    const row = await run.db.get<{ n: number }>(sql`${w} SELECT COUNT(*) AS n FROM matched`);
    return { value: row.n, count: row.n, metric: null };
  }
  const row = await run.db.get<{ total: number | null; n: number }>(sql`${w}
    SELECT SUM(${entryMetrics.value}) AS total, COUNT(*) AS n FROM matched
    JOIN ${entryMetrics} ON ${entryMetrics.entryId} = matched.id AND ${entryMetrics.metricId} = ${metric.id}`);
  return { value: row.total ?? 0, count: row.n, metric };
}
