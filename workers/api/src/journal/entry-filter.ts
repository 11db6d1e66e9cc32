import type { TimeRange } from "@nook/shared/journal";
import { rangeStart } from "@nook/shared/time-zone";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

export interface EntryFilter {
  filter: { name: string; not: boolean }[];
  tagsSign: "&&" | "||";
  timeRange?: TimeRange | null;
  timeZone: string;
  now?: number;
}

const hasTag = (tagId: number) =>
  sql`EXISTS (SELECT 1 FROM entry_tags et WHERE et.entry_id = e.id AND et.tag_id = ${tagId})`;

/**
 * The SQL condition for a stack-item filter (DESIGN §5): all (&&) or any (||)
 * of the non-negated tags, none of the negated ones, and the time range.
 * Returns null when nothing can match (an && tag the user never used).
 */
export async function filterCondition(db: Db, userId: number, f: EntryFilter): Promise<SQL | null> {
  const names = [...new Set(f.filter.map((t) => t.name))];
  const known = names.length
    ? await db.all<{ id: number; name: string }>(
        sql`SELECT id, name FROM tags WHERE user_id = ${userId} AND name IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      )
    : [];
  const idOf = new Map(known.map((t) => [t.name, t.id]));
  const wanted = [...new Set(f.filter.filter((t) => !t.not).map((t) => t.name))];
  const unwanted = [...new Set(f.filter.filter((t) => t.not).map((t) => t.name))];

  const parts: SQL[] = [];
  const wantedIds = wanted.map((n) => idOf.get(n)).filter((id) => id !== undefined);
  if (wanted.length) {
    if (f.tagsSign === "&&") {
      if (wantedIds.length < wanted.length) return null;
      parts.push(...wantedIds.map(hasTag));
    } else {
      if (!wantedIds.length) return null;
      parts.push(
        sql`EXISTS (SELECT 1 FROM entry_tags et WHERE et.entry_id = e.id AND et.tag_id IN (${sql.join(
          wantedIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
      );
    }
  }
  for (const name of unwanted) {
    const id = idOf.get(name);
    if (id !== undefined) parts.push(sql`NOT ${hasTag(id)}`);
  }
  if (f.timeRange) parts.push(sql`e.date >= ${rangeStart(f.timeRange, f.now ?? Date.now(), f.timeZone)}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`1 = 1`;
}
