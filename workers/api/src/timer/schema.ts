import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { tags } from "../journal/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/**
 * The live timer (spec 2 §3 "Timer", DESIGN §5). A user has at most one
 * unfinished timer (the partial unique index). Saving completes it and writes
 * its journal entry in the same batch; a completed timer is final — the
 * database refuses any change to it (trigger in migration 0004), so two
 * saves racing from two tabs write one entry, not two.
 *
 * Times are epoch milliseconds; `pausedTimeDiff` is the paused spans already
 * over, in milliseconds (packages/shared/src/common/stopwatch.ts).
 */
export const timers = sqliteTable(
  "timers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    initAt: integer("init_at").notNull(),
    startedAt: integer("started_at").notNull(),
    pausedAt: integer("paused_at"),
    pausedTimeDiff: integer("paused_time_diff").notNull().default(0),
    goal: integer("goal"),
    complete: integer("complete", { mode: "boolean" }).notNull().default(false),
    /** The journal entry the save wrote (kept as a record; the entry may be deleted later). */
    entryId: integer("entry_id"),
    modifiedAt: integer("modified_at").notNull(),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
    /**
     * The `modified_at` its import run wrote (the file's, or the time of the import), or null: the row is edited
     * since the import when `modified_at` is no longer it (every edit sets the time of the edit), whatever time
     * the file gave, past or future.
     */
    importMark: integer("import_mark"),
  },
  // Also the index of GET's lookup (user_id = ? AND complete = 0).
  (t) => [
    uniqueIndex("timers_user_unfinished").on(t.userId).where(sql`complete = 0`),
    // The export's pages and an account's deletion, by id.
    index("timers_user").on(t.userId, t.id),
    importIndex("timers", t),
  ],
);

/** A timer's tags: the journal's own tags (created on first use), so the saved entry shares them. */
export const timerTags = sqliteTable(
  "timer_tags",
  {
    timerId: integer("timer_id")
      .notNull()
      .references(() => timers.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  // The tag's side, for a tag's merge and delete and the foreign key's checks when tags are written.
  (t) => [primaryKey({ columns: [t.timerId, t.tagId] }), index("timer_tags_tag").on(t.tagId)],
);
