import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";

/**
 * Each import an account ran (not its dry runs): its format, the SHA-256 of its file, and its state —
 * `running` while it writes, then `done` with what it added, or `failed`. An account has at most one
 * running (the partial unique index): an import sent again while the first still writes (a double click,
 * a retried upload, three tabs) is refused 409 instead of planning against rows the first is still adding
 * and writing them twice. A run left `running` by a Worker that died is taken over after IMPORT_STALE_MS.
 */
export const imports = sqliteTable(
  "imports",
  {
    id: integer("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** nook, daylio or loop. */
    format: text("format").notNull(),
    /** running, done or failed. */
    state: text("state").notNull(),
    /** SHA-256 of the file as sent, hex. */
    fileHash: text("file_hash").notNull(),
    /** Epoch milliseconds. */
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    /** Done: what it added, per kind (JSON of ImportResult["kinds"]). */
    summary: text("summary"),
  },
  (t) => [
    uniqueIndex("imports_one_running").on(t.userId).where(sql`${t.state} = 'running'`),
    index("imports_user").on(t.userId, t.startedAt),
  ],
);
