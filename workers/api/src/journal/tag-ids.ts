import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { tags } from "./schema.ts";

/** The ids of a user's tags by name; names the user never used are absent. */
export async function tagIdsByName(db: Db, userId: number, names: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(tags.name, unique)))
    .all();
  return new Map(rows.map((t) => [t.name, t.id]));
}
