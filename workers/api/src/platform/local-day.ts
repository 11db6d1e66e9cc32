import { offsetSpan } from "@nook/shared/common/time-zone";
import { type SQL, sql } from "drizzle-orm";

const DAY = 86_400_000;
/** Added before the division so it floors for dates before 1970 too (30,000 days reach back past 1900). */
const SHIFT_DAYS = 30_000;

/**
 * SQL for the local day number (days since 1970-01-01 in the zone) of a
 * date column, for dates in [from, to]: the zone's offset changes only at
 * its DST transitions, so it is one CASE over the few changes in the span —
 * the database then groups by local day itself.
 */
export function localDaySql(date: SQL, timeZone: string, from: number, to: number): SQL {
  const { first, changes } = offsetSpan(timeZone, from, to);
  // Latest change first: most entries are recent.
  const offset = changes.length
    ? sql`CASE ${sql.join(
        changes
          .toReversed()
          .map((c) => sql`WHEN ${date} >= ${sql.raw(String(c.at))} THEN ${sql.raw(String(c.offset))}`),
        sql` `,
      )} ELSE ${sql.raw(String(first))} END`
    : sql.raw(String(first));
  return sql`((${date} + ${offset} + ${sql.raw(String(SHIFT_DAYS * DAY))}) / ${sql.raw(String(DAY))} - ${sql.raw(String(SHIFT_DAYS))})`;
}

/**
 * SQL for the first instant (epoch ms) of a local day given as a day number, for days whose midnights lie in
 * [from, to]: the day number times a day, less the zone's offset at that midnight — the offset before a
 * change on the day of the change (clocks change after midnight, or at it: a day whose midnight the clocks
 * jump over begins when they land, as startOfLocalDay has it). Days before `from` take its offset.
 */
export function localDayStartSql(day: SQL, timeZone: string, from: number, to: number): SQL {
  const { first, changes } = offsetSpan(timeZone, from, to);
  const midnight = sql`(${day}) * ${sql.raw(String(DAY))}`;
  // A day takes a change's offset once its midnight, read with that offset, is at or after the change.
  const offset = changes.length
    ? sql`CASE ${sql.join(
        changes
          .toReversed()
          .map(
            (c) =>
              sql`WHEN ${midnight} - ${sql.raw(String(c.offset))} >= ${sql.raw(String(c.at))} THEN ${sql.raw(String(c.offset))}`,
          ),
        sql` `,
      )} ELSE ${sql.raw(String(first))} END`
    : sql.raw(String(first));
  return sql`(${midnight} - ${offset})`;
}
