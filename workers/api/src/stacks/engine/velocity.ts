import { rangeStart } from "@nook/shared/common/time-zone";
import type { StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { iso, type Run, seconds } from "./run.ts";

/**
 * `velocity`: matches since `dateFrom` (the range's start, else the first
 * match) and the window's length up to now, the sleep inside it cut out with
 * uptimeOnly (each sleep clipped to the window).
 */
export async function velocity(run: Run): Promise<StackItemData["velocity"]> {
  const { with: w, uptime } = await run.matching();
  const { timeRange } = run.query.config;
  const start = timeRange ? rangeStart(timeRange, run.now, run.context.timeZone) : null;
  const from = start === null ? sql`c.first` : sql`${start}`;
  const sleep = uptime
    ? sql`(SELECT TOTAL(MAX(0, MIN(start + len, ${run.now}) - MAX(start, ${from}))) FROM sleeps)`
    : sql`0`;
  const row = await run.db.get<{ n: number; first: number | null; sleep: number }>(sql`${w}
    SELECT c.n AS n, c.first AS first, ${sleep} AS sleep
    FROM (SELECT COUNT(*) AS n, MIN(date) AS first FROM matched) c`);
  const dateFrom = start ?? row.first;
  if (dateFrom === null) return { count: row.n, dateFrom: null, seconds: 0 };
  return { count: row.n, dateFrom: iso(dateFrom), seconds: seconds(Math.max(0, run.now - dateFrom - row.sleep)) };
}
