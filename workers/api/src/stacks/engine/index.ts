import type { StackItemData, StatMetric } from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/schemas";
import { and, eq } from "drizzle-orm";
import { metrics } from "../../journal/schema.ts";
import type { Db } from "../../platform/db.ts";
import { avg } from "./avg.ts";
import { calendar } from "./calendar.ts";
import { extremes } from "./extremes.ts";
import { list } from "./list.ts";
import { newRun, type Run } from "./run.ts";
import { streaks } from "./streaks.ts";
import { sum } from "./sum.ts";
import { timeSince } from "./time-since.ts";
import { topTimeBetween } from "./top-time-between.ts";
import type { StatContext, StatQuery } from "./types.ts";
import { velocity } from "./velocity.ts";

export type { StatContext, StatQuery } from "./types.ts";

/** One module per statistic type, each over the shared matching-entries query (matching.ts). */
const TYPES: { [T in StackItemType]: (run: Run) => Promise<StackItemData[T]> } = {
  list,
  "time since": timeSince,
  "top time between": topTimeBetween,
  sum,
  avg,
  max: (run) => extremes(run, "max"),
  min: (run) => extremes(run, "min"),
  velocity,
  streaks,
  calendar,
};

/** The types that read the config's metric. */
const METRIC_TYPES = new Set<StackItemType>(["sum", "avg", "max", "min"]);

export class MetricNotFound extends Error {}

/**
 * The statistic of one stack item over a user's entries (DESIGN §5). Throws
 * MetricNotFound when the item's metric is not one of the user's.
 */
export async function stackItemData<T extends StackItemType>(
  db: Db,
  userId: number,
  query: StatQuery<T>,
  context: StatContext,
): Promise<StackItemData[T]> {
  let metric: StatMetric | null = null;
  const { metricId } = query.config;
  if (metricId != null && METRIC_TYPES.has(query.type)) {
    const row = await db
      .select({ id: metrics.id, name: metrics.name })
      .from(metrics)
      .where(and(eq(metrics.id, metricId), eq(metrics.userId, userId)))
      .get();
    if (!row) throw new MetricNotFound();
    metric = row;
  }
  return TYPES[query.type](newRun(db, userId, query, context, metric));
}
