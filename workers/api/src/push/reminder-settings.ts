import { DEFAULT_REMINDERS, type ReminderSettings } from "@nook/shared/push/schemas";
import { eq } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { nextDue } from "./due.ts";
import { reminderSettings } from "./schema.ts";

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
    nextDue: firstDue(settings, timeZone, now),
  };
}

/**
 * When an account is first due after its settings are saved or its zone changes: the next daily or streak
 * reminder, or this minute when birthdays, deadlines or events are on (the cron reads them then, and works out
 * the next from the data: push/alarms.ts).
 */
function firstDue(settings: ReminderSettings, timeZone: string, now: number): number | null {
  const next = nextDue(settings, timeZone, now);
  if (!(settings.birthdays || settings.deadlines || settings.events)) return next;
  return Math.floor(now / 60_000) * 60_000;
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

/**
 * After the profile's zone changed: the account's next_due worked out again in `timeZone` (its wall times are
 * that zone's now). Nothing when it has no settings.
 */
export async function refreshNextDue(db: Db, userId: number, timeZone: string, now: number): Promise<void> {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  if (!row) return;
  const due = firstDue(reminderOut(row, new Set(row.streakItems)), timeZone, now);
  await db.update(reminderSettings).set({ nextDue: due }).where(eq(reminderSettings.userId, userId));
}
