import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Times are integer epoch milliseconds (DESIGN §3). */
const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  /** YYYY-MM-DD; only the date part of a birth date is kept. */
  dateOfBirth: text("date_of_birth"),
  accentColor: text("accent_color").notNull().default("orange"),
  /** IANA zone for day-based statistics; set from the browser on first sign-in. */
  timeZone: text("time_zone"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user_id").on(t.userId)],
);

/** Failed sign-in attempts, keyed `account:<email>` or `client:<address>`. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_attempts_key_at").on(t.key, t.at)],
);

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
