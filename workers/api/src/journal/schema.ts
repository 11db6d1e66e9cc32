import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/**
 * Journal entries. `fingerprint` identifies the content (text, tag set,
 * metrics) so runs of identical consecutive entries collapse into one lifted
 * row. The list pages on (date, id), newest first.
 *
 * `asleep`, `asleepAfter` and `awakeAt` are the entry's place in the user's
 * sleep, derived from the down/up entries before it and
 * kept by uptime.ts: never written by a handler.
 */
export const entries = sqliteTable(
  "entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    date: integer("date").notNull(),
    modifiedAt: integer("modified_at").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** Inside a sleep: the latest down/up entry before it (by date, id) is a down, and it is no up itself. */
    asleep: integer("asleep", { mode: "boolean" }).notNull().default(false),
    /** The time right after it is asleep: it is a down (and no up), or asleep and no up. */
    asleepAfter: integer("asleep_after", { mode: "boolean" }).notNull().default(false),
    /** Its instant on the awake clock: its date less all the sleep before it (epoch ms). */
    awakeAt: integer("awake_at").notNull().default(0),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
    /**
     * The `modified_at` its import run wrote (the file's, or the time of the import), or null: the row is edited
     * since the import when `modified_at` is no longer it (every edit sets the time of the edit), whatever time
     * the file gave, past or future.
     */
    importMark: integer("import_mark"),
  },
  (t) => [index("entries_user_date_id").on(t.userId, t.date, t.id), importIndex("entries", t)],
);

/** Tags per user, stored lower-case; use counts kept in step by every write, for tags-sorted. */
export const tags = sqliteTable(
  "tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    useCount: integer("use_count").notNull().default(0),
    lastUsedAt: integer("last_used_at"),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
  },
  (t) => [
    uniqueIndex("tags_user_name").on(t.userId, t.name),
    index("tags_user_use").on(t.userId, t.useCount, t.lastUsedAt),
    importIndex("tags", t),
  ],
);

export const entryTags = sqliteTable(
  "entry_tags",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.tagId] }), index("entry_tags_tag").on(t.tagId, t.entryId)],
);

/** Metric names per user, stored lower-case ('duration' and 'mood' are special). */
export const metrics = sqliteTable(
  "metrics",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
  },
  (t) => [uniqueIndex("metrics_user_name").on(t.userId, t.name), importIndex("metrics", t)],
);

export const entryMetrics = sqliteTable(
  "entry_metrics",
  {
    entryId: integer("entry_id")
      .notNull()
      .references(() => entries.id, { onDelete: "cascade" }),
    metricId: integer("metric_id")
      .notNull()
      .references(() => metrics.id, { onDelete: "cascade" }),
    value: real("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.metricId] }), index("entry_metrics_metric").on(t.metricId)],
);

/**
 * Users whose entries' sleep columns may be out of date from `since` (epoch ms)
 * on: the database's own triggers mark it when a down/up entry is written,
 * moved or removed (migration 0003); uptime.ts brings them up to date.
 */
export const uptimeStale = sqliteTable("uptime_stale", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  since: integer("since").notNull(),
});
