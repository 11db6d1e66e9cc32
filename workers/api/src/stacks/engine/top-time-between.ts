import { type StackItemData, TOP_N } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { iso, type Run, seconds } from "./run.ts";

/**
 * `top time between`: the longest gaps between consecutive matches, longest
 * first (the later gap first on a tie); with uptimeOnly the sleep inside a
 * gap is cut out (`slept`: the sleep between a match and the one before).
 */
export async function topTimeBetween(run: Run): Promise<StackItemData["top time between"]> {
  const { with: w, uptime } = await run.matching({ withSleep: true });
  const slept = uptime ? sql`COALESCE((SELECT len FROM slept WHERE slept.id = g.id), 0)` : sql`0`;
  const rows = await run.db.all<{ t1: number; t2: number; gap: number }>(sql`${w}
    SELECT date AS t1, prev AS t2, date - prev - ${slept} AS gap FROM (
      SELECT id, date, LAG(date) OVER (ORDER BY date, id) AS prev FROM matched) g
    WHERE prev IS NOT NULL ORDER BY gap DESC, date DESC, id DESC LIMIT ${TOP_N}`);
  return rows.map((r) => ({ t1: iso(r.t1), t2: iso(r.t2), d: seconds(r.gap) }));
}
