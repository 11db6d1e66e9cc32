import { DEFAULT_REMINDERS, type ReminderSettings } from "@nook/shared/push/schemas";
import { nextDue } from "./due.ts";
import type { reminderSettings } from "./schema.ts";

type Row = typeof reminderSettings.$inferSelect;

/**
 * The columns of an account's settings as the API takes them whole (the user's id and key aside), with the
 * minute its daily or streak reminder is next sent in the profile's `timeZone`.
 */
export function reminderRow(settings: ReminderSettings, now: number, timeZone: string): Omit<Row, "userId"> {
  return {
    dailyTime: settings.daily?.time ?? null,
    streakTime: settings.streaks?.time ?? null,
    streakItems: settings.streaks?.items ?? [],
    birthdays: settings.birthdays,
    deadlines: settings.deadlines,
    events: settings.events,
    quietFrom: settings.quiet?.from ?? null,
    quietTo: settings.quiet?.to ?? null,
    modifiedAt: now,
    nextDue: nextDue(settings, timeZone, now),
  };
}

/**
 * The settings a row holds, as the API answers them (DEFAULT_REMINDERS without a row): of the streak items, those
 * still among `liveItems` (the account's streaks-type items), so one deleted since is not shown, or followed.
 */
export function reminderOut(row: Row | undefined, liveItems: ReadonlySet<number>): ReminderSettings {
  if (!row) return DEFAULT_REMINDERS;
  return {
    daily: row.dailyTime === null ? null : { time: row.dailyTime },
    streaks:
      row.streakTime === null
        ? null
        : { time: row.streakTime, items: row.streakItems.filter((id) => liveItems.has(id)) },
    birthdays: row.birthdays,
    deadlines: row.deadlines,
    events: row.events,
    quiet: row.quietFrom === null || row.quietTo === null ? null : { from: row.quietFrom, to: row.quietTo },
  };
}
