import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";

/**
 * Journal entries. `fingerprint` identifies the content (text, tag set,
 * metrics) so runs of identical consecutive entries collapse into one lifted
 * row (DESIGN §5). The list pages on (date, id), newest first.
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
  },
  (t) => [index("entries_user_date_id").on(t.userId, t.date, t.id)],
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
  },
  (t) => [
    uniqueIndex("tags_user_name").on(t.userId, t.name),
    index("tags_user_use").on(t.userId, t.useCount, t.lastUsedAt),
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
  },
  (t) => [uniqueIndex("metrics_user_name").on(t.userId, t.name)],
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
