import { rangeStart } from "@nook/shared/common/time-zone";
import type { StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { awakeClockAt } from "../../journal/uptime.ts";
import { iso, type Run, seconds } from "./run.ts";

/**
 * `velocity`: matches since `dateFrom` (the range's start, else the first
 * match) and the window's length up to now — with uptimeOnly measured on the
 * awake clock, so the sleep inside it is cut out.
 */
export async function velocity(run: Run): Promise<StackItemData["velocity"]> {
  const { with: w, uptime } = await run.matching();
  const { timeRange } = run.query.config;
  const start = timeRange ? rangeStart(timeRange, run.now, run.context.timeZone) : null;
  const clockAt = (t: number) => (uptime ? awakeClockAt(run.userId, t) : sql`${t}`);
  const row = await run.db.get<{ n: number; first: number | null; length: number | null }>(sql`${w}
    SELECT COUNT(*) AS n, MIN(date) AS first,
      ${clockAt(run.now)} - ${start === null ? sql`MIN(clock)` : clockAt(start)} AS length
    FROM matched`);
  const dateFrom = start ?? row.first;
  if (dateFrom === null) return { count: row.n, dateFrom: null, seconds: 0 };
  return { count: row.n, dateFrom: iso(dateFrom), seconds: seconds(Math.max(0, row.length ?? 0)) };
}
