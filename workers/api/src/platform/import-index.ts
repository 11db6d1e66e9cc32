import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index } from "drizzle-orm/sqlite-core";

/**
 * The rows an import run added, by run and account (only rows an import added: the index holds nothing
 * else). Undo deletes them a part at a time, and counts them and the rows edited since: each part read
 * through this index is the part's rows, not the account's walked to find them.
 */
export const importIndex = (table: string, t: { importId: AnySQLiteColumn; userId: AnySQLiteColumn }) =>
  index(`${table}_import`).on(t.importId, t.userId).where(sql`import_id IS NOT NULL`);
