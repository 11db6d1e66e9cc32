import { type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { pickedEntries } from "../../journal/entry-list.ts";
import { entryMetrics } from "../../journal/schema.ts";
import type { Run } from "./run.ts";

/** `max` / `min`: the matches with the highest / lowest value of the chosen metric (the later first on a tie). */
export async function extremes(run: Run, which: "max" | "min"): Promise<StackItemData["max"]> {
  const { metric } = run;
  if (!metric) return { entries: [], metric: null };
  const { with: w } = await run.matching();
  const direction = which === "max" ? sql`DESC` : sql`ASC`;
  const entries = await pickedEntries(
    run.db,
    sql`${w}, picked AS (
      SELECT matched.id AS id, matched.date AS date, ${entryMetrics.value} AS value FROM matched
      JOIN ${entryMetrics} ON ${entryMetrics.entryId} = matched.id AND ${entryMetrics.metricId} = ${metric.id}
      ORDER BY value ${direction}, date DESC, id DESC LIMIT ${TOP_N})`,
    sql`picked.value ${direction}, picked.date DESC, picked.id DESC`,
  );
  return { entries, metric };
}
