import { dayNumberToDate, localDayNumber, startOfLocalDay } from "@nook/shared/common/time-zone";
import { CALENDAR_DAYS, type StackItemData } from "@nook/shared/stacks/item-data";
import { sql } from "drizzle-orm";
import { localDaySql } from "../../platform/local-day.ts";
import type { Run } from "./run.ts";

/** The object json_group_object(day, n) builds below, read back: counts by day number. */
function countsByDay(json: string): Record<string, number> {
  return JSON.parse(json);
}

/**
 * `calendar`: matches per local day over the last CALENDAR_DAYS days, counted
 * by the database and sent back as one JSON object (day number → count), not
 * a row a day.
 */
export async function calendar(run: Run): Promise<StackItemData["calendar"]> {
  const { timeZone } = run.context;
  const firstDay = new Date((localDayNumber(run.now, timeZone) - (CALENDAR_DAYS - 1)) * 86_400_000);
  // The first day's first instant (not always its midnight: some zones skip it).
  const since = startOfLocalDay(firstDay.getUTCFullYear(), firstDay.getUTCMonth() + 1, firstDay.getUTCDate(), timeZone);
  const { with: w } = await run.matching({ since });
  const row = await run.db.get<{ counts: string | null }>(sql`${w}
    SELECT json_group_object(day, n) AS counts FROM (
      SELECT day, COUNT(*) AS n FROM (SELECT ${localDaySql(sql`date`, timeZone, since, run.now)} AS day FROM matched LIMIT -1)
      GROUP BY day)`);
  const counts = row.counts === null ? {} : countsByDay(row.counts);
  return { counts: Object.fromEntries(Object.entries(counts).map(([day, n]) => [dayNumberToDate(Number(day)), n])) };
}
