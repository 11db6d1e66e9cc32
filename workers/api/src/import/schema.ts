import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";

/**
 * Each import an account ran (not its previews): its format, the SHA-256 of its file, how many chunks the
 * page cut it into, and its state — `running` while its chunks come, then `done` with what it added,
 * `failed` (a run left without a chunk for IMPORT_STALE_MS: the same file resumes it), or `undone` (its
 * rows removed: "Undo this import", or cancelled while it ran). Every row an import writes carries its id
 * (`import_id`), so an undo removes exactly those. An account has at most one running (the partial unique
 * index): the same file sent again while it runs (a double click, a retried upload, three tabs) joins it,
 * and each chunk is written once (import_chunks); another file waits.
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
    /** Epoch milliseconds of its last chunk written (or its start): how long it may be left, and undone. */
    updatedAt: integer("updated_at").notNull().default(0),
    finishedAt: integer("finished_at"),
    /** How many chunks the page cut the file into (1 for a file sent whole, within one request's body). */
    chunks: integer("chunks").notNull().default(1),
    /** Done: what it added, per kind (JSON of ImportResult["kinds"]). */
    summary: text("summary"),
  },
  (t) => [
    uniqueIndex("imports_one_running").on(t.userId).where(sql`${t.state} = 'running'`),
    index("imports_user").on(t.userId, t.startedAt),
  ],
);

/**
 * The chunks of a run written so far, one row each, inserted in the chunk's own batch: a chunk sent again
 * (its answer lost, or two tabs sending one file) fails on the key and its batch writes nothing.
 */
export const importChunks = sqliteTable(
  "import_chunks",
  {
    importId: integer("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    n: integer("n").notNull(),
    /** What the chunk added and found, per kind (JSON of ImportResult["kinds"]). */
    kinds: text("kinds").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.n] })],
);
