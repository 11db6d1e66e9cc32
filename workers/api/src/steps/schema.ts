import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/**
 * Checklists (spec 2 §3 "Steps list"). `content` is stored in its canonical
 * form (packages/shared/src/steps/checklist.ts) and the two counts are
 * derived from it on every write, never taken from a client.
 */
export const steps = sqliteTable(
  "steps",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    content: text("content").notNull(),
    totalItems: integer("total_items").notNull(),
    completedItems: integer("completed_items").notNull(),
    /** The rule the two counts were taken by (`COUNTS_RULE` in routes.ts); an older one is recounted on its first read. */
    countsRule: integer("counts_rule").notNull().default(0),
    /** Epoch ms, or null for none. */
    deadline: integer("deadline"),
    createdAt: integer("created_at").notNull(),
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
  (t) => [
    index("steps_user_modified").on(t.userId, t.modifiedAt),
    index("steps_user_deadline").on(t.userId, t.deadline),
    importIndex("steps", t),
  ],
);
