import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";

/**
 * A browser's push subscription (RFC 8030, the Push API's PushSubscription): where to post and the keys the
 * payload is encrypted to. An endpoint is one browser's, so it is one row in all: subscribing again in that
 * browser, as this account or another, takes the row over with the new keys.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url as the browser gave them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The device's name the page sent ("Chrome on Linux"), or "". */
    device: text("device").notNull().default(""),
    /** The language its reminders are written in: the page's when the browser subscribed. */
    lang: text("lang", { enum: ["en", "ru"] })
      .notNull()
      .default("en"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("push_subscriptions_user").on(t.userId, t.createdAt)],
);

/**
 * What reminds an account (GET/PUT /api/reminders), one row at most: times are "HH:MM" wall times in the
 * profile's zone, null where that reminder is off. No row is the defaults: nothing reminds.
 */
export const reminderSettings = sqliteTable(
  "reminder_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dailyTime: text("daily_time"),
    streakTime: text("streak_time"),
    /** The stack items (streaks type, the account's own) whose streak at risk reminds. */
    streakItems: text("streak_items", { mode: "json" }).$type<number[]>().notNull().default([]),
    birthdays: integer("birthdays", { mode: "boolean" }).notNull().default(false),
    deadlines: integer("deadlines", { mode: "boolean" }).notNull().default(false),
    events: integer("events", { mode: "boolean" }).notNull().default(false),
    quietFrom: text("quiet_from"),
    quietTo: text("quiet_to"),
    modifiedAt: integer("modified_at").notNull(),
    /**
     * The minute (UTC ms) the daily or streak reminder is next sent (push/due.ts `nextDue`), null when neither is
     * on: set when the settings are saved and after each cron run that reaches the account. The cron finds the
     * accounts due on its index; one past its minute is still due, and is reached by the next run.
     */
    nextDue: integer("next_due"),
  },
  (t) => [index("reminder_settings_next_due").on(t.nextDue)],
);

/**
 * A reminder's occurrence an account has been sent (`daily:2027-03-28`, `streak:5:2027-03-28`), written before
 * the push: the run whose insert made the row sends, and a retried or overlapping run finds it there and does
 * not. Rows older than a week are of no more use (no occurrence is sent that late) and the cron removes them.
 */
export const remindersSent = sqliteTable(
  "reminders_sent",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    occurrence: text("occurrence").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.occurrence] }), index("reminders_sent_at").on(t.sentAt)],
);
