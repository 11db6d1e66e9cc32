import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/**
 * A person's own events (DESIGN §5 "Today"; packages/shared/src/calendar/events.ts): a day, or a span of
 * wall times on it, in the profile's zone, once or repeating. The calendar expands the repeats per span.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    /** "YYYY-MM-DD": the day, or the first of a repeating event. */
    date: text("date").notNull(),
    /** "HH:MM" wall times, both null for an all-day event; an end at or before the start is the next day's. */
    start: text("start"),
    end: text("end"),
    repeat: text("repeat", { enum: ["none", "weekly", "monthly", "yearly"] })
      .notNull()
      .default("none"),
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
  (t) => [index("events_user_date").on(t.userId, t.date), importIndex("events", t)],
);

/**
 * An account's calendar feed (`/api/calendar/feed/{token}.ics`): at most one. The address is a capability:
 * `lookup` finds the row by an index, and `secret`, the rest of the token, is compared in constant time,
 * so the time a wrong address takes tells nothing of a right one. Regenerating replaces both at once.
 * The reminders are minutes before an item's start (before 00:00 of an all-day one; negative is after),
 * null for none; `locale` is the language the feed's own words are written in.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lookup: text("lookup").notNull().unique(),
  secret: text("secret").notNull(),
  birthdayReminder: integer("birthday_reminder"),
  deadlineReminder: integer("deadline_reminder"),
  eventReminder: integer("event_reminder"),
  locale: text("locale", { enum: ["en", "ru"] })
    .notNull()
    .default("en"),
  createdAt: integer("created_at").notNull(),
  /**
   * The feed's text as last read (a hash of it, its ETag) and when it first read so: its Last-Modified. A read
   * whose text hashes otherwise writes both, so a deletion moves them too; null until the first read.
   */
  etag: text("etag"),
  changedAt: integer("changed_at"),
});
