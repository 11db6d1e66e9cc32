import { TAG_SIGNS } from "@nook/shared/journal/schemas";
import { STACK_ITEM_TYPES, type StackItemConfig } from "@nook/shared/stacks/schemas";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { importIndex } from "../platform/import-index.ts";

/** A named group of statistic items over the journal (spec 1 §3 "Stack"). */
export const stacks = sqliteTable(
  "stacks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    icon: text("icon").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
  },
  (t) => [index("stacks_user").on(t.userId, t.id), importIndex("stacks", t)],
);

/**
 * One statistic of a stack (spec 1 §3 "Stack item"). `config` is the JSON
 * filter as the item was sent, {filter: [{not, name}], timeRange, metricId}:
 * tags by name only (the ids the API shows are looked up on read,
 * stack-store.ts). `user_id` is kept on the item too, so every query scopes
 * by user without a join.
 */
export const stackItems = sqliteTable(
  "stack_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stackId: integer("stack_id")
      .notNull()
      .references(() => stacks.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type", { enum: STACK_ITEM_TYPES }).notNull(),
    uptimeOnly: integer("uptime_only", { mode: "boolean" }).notNull().default(false),
    tagsSign: text("tags_sign", { enum: TAG_SIGNS }).notNull().default("&&"),
    position: integer("position").notNull().default(0),
    config: text("config", { mode: "json" }).$type<StackItemConfig>().notNull(),
    createdAt: integer("created_at").notNull(),
    /** The import run that added it (imports.id), or null: what "Undo this import" removes. */
    importId: integer("import_id"),
  },
  (t) => [
    index("stack_items_stack").on(t.stackId, t.position, t.id),
    index("stack_items_user").on(t.userId),
    importIndex("stack_items", t),
  ],
);
