import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { inList, jsonRows } from "../platform/json-list.ts";
import { metrics, tags } from "./schema.ts";

/** The select behind tagIdsByName, for a caller that batches it with other reads; then `tagIdMap` of its rows. */
export function tagIdsQuery(db: Db, userId: number, names: string[]) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), inList(tags.name, [...new Set(names)])));
}

export function tagIdMap(rows: { id: number; name: string }[]): Map<string, number> {
  return new Map(rows.map((t) => [t.name, t.id]));
}

/** The ids of a user's tags by name; names the user never used are absent. */
export async function tagIdsByName(db: Db, userId: number, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  return tagIdMap(await tagIdsQuery(db, userId, names).all());
}

/**
 * Creates the user's tags of these names that do not exist yet, the names
 * bound as one parameter (jsonRows). An insert-select names every column, so
 * the new rows' defaults are spelled out: a fresh id, no uses yet.
 * `guard` is a condition the write needs (the row it is for still exists,
 * entry-write.ts): false, nothing is created. (A WHERE, `true` by default,
 * also keeps SQLite from reading ON CONFLICT as a join's ON.)
 */
export function createTags(db: Db, userId: number, names: string[], guard: SQL = sql`true`) {
  return db
    .insert(tags)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: sql<number>`${userId}`.as("user_id"),
          name: sql<string>`value`.as("name"),
          useCount: sql<number>`0`.as("use_count"),
          lastUsedAt: sql<number | null>`NULL`.as("last_used_at"),
          importId: sql<number | null>`NULL`.as("import_id"),
        })
        .from(jsonRows(names))
        .where(guard),
    )
    .onConflictDoNothing();
}

/** Creates the user's metrics of these names that do not exist yet (as createTags). */
export function createMetrics(db: Db, userId: number, names: string[], guard: SQL = sql`true`) {
  return db
    .insert(metrics)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: sql<number>`${userId}`.as("user_id"),
          name: sql<string>`value`.as("name"),
          importId: sql<number | null>`NULL`.as("import_id"),
        })
        .from(jsonRows(names))
        .where(guard),
    )
    .onConflictDoNothing();
}
