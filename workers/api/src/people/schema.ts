import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { tags } from "../journal/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/**
 * The people book (spec 2 §3 "Person"). `birthDate` is a calendar date,
 * "YYYY-MM-DD"; `birthMonthDay` ("MM-DD") lets the calendar find the
 * birthdays of a span with an index scan.
 */
export const people = sqliteTable(
  "people",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    birthDate: text("birth_date").notNull(),
    birthMonthDay: text("birth_month_day").notNull(),
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
    index("people_user_name").on(t.userId, t.name),
    index("people_user_birthday").on(t.userId, t.birthMonthDay),
    importIndex("people", t),
  ],
);

/** A person's tags: the user's own tags (journal/schema.ts), shared with the journal. */
export const personTags = sqliteTable(
  "person_tags",
  {
    personId: integer("person_id")
      .notNull()
      .references(() => people.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.personId, t.tagId] }), index("person_tags_tag").on(t.tagId)],
);
