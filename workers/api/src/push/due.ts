import { addDays } from "@nook/shared/common/calendar-date";
import { dayNumberToDate, localDayNumber, zonedParts } from "@nook/shared/common/time-zone";
import type { ReminderSettings } from "@nook/shared/push/schemas";

/**
 * What falls due in one minute, worked out from an account's settings, its profile's zone and the clock alone
 * (no database): the cron asks it for the minute it runs in, and for when an account is next due.
 *
 * Times are wall times in the zone. A time that does not exist on a day (the hour skipped when the clocks go
 * forward) falls due at the first minute after the gap; one that happens twice (the hour repeated when they go
 * back) falls due once, the first time. Quiet hours hold a reminder: one that falls inside them is sent at the
 * minute they end, under the same occurrence key, so it is late but not lost.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A reminder that falls due: its stable occurrence key, the instant it was set for, and the minute it is sent. */
export interface Due {
  kind: "daily" | "streak" | "alarm";
  /** `daily:2027-03-28`, `streak:<itemId>:2027-03-28`, or the alarm's own key. */
  key: string;
  /** The local day the reminder is for ("YYYY-MM-DD" in the zone). */
  day: string;
  /** The instant it was set for (UTC ms, a whole minute). */
  at: number;
  /** The minute it is sent: `at`, or the end of the quiet hours `at` falls in. */
  fire: number;
  /** For a streak: the stack item. */
  item?: number;
}

/** An alarm the cron has worked out from the account's data (a birthday, a deadline, an event, with its lead time). */
export interface Alarm {
  key: string;
  /** The instant it is set for (UTC ms). */
  at: number;
}

/** The wall clock in `zone` at `instant`, written as if it were a UTC instant (ms, a whole minute). */
function wallMs(zone: string, instant: number): number {
  const p = zonedParts(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

/** The local day "YYYY-MM-DD" in `zone` at `instant`. */
export function localDay(zone: string, instant: number): string {
  return dayNumberToDate(localDayNumber(instant, zone));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The instant (UTC ms) at which the wall time `time` ("HH:MM") comes on `day` in `zone`: the first of the two
 * when it comes twice, the first minute after the gap when it does not come at all.
 */
export function wallToInstant(zone: string, day: string, time: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutesOf(time) * MINUTE;
  // The zone's offsets a day either side: around a change they differ, and the time is one or the other.
  const before = wallMs(zone, wall - DAY) - (wall - DAY);
  const after = wallMs(zone, wall + DAY) - (wall + DAY);
  const candidates = [wall - before, wall - after].filter((t) => wallMs(zone, t) === wall);
  if (candidates.length) return Math.min(...candidates);
  // In the gap: the first minute whose wall time is past it, between the two readings.
  let lo = Math.min(wall - before, wall - after);
  let hi = Math.max(wall - before, wall - after);
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (wallMs(zone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** When `at` is sent: `at`, or the end of the quiet hours it falls in (from == to is no quiet hours). */
export function fireAt(zone: string, quiet: ReminderSettings["quiet"], at: number): number {
  if (!quiet || quiet.from === quiet.to) return at;
  const wall = wallMs(zone, at);
  const day = new Date(wall).toISOString().slice(0, 10);
  const m = (wall - Date.parse(`${day}T00:00:00Z`)) / MINUTE;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return at;
  // Over midnight and before it: the quiet hours end the next day.
  const end = wallToInstant(zone, from > to && m >= from ? addDays(day, 1) : day, quiet.to);
  return end > at ? end : at;
}

/** The daily and streak reminders set for the local days around `instant` (from two days before to a day after). */
function scheduled(settings: ReminderSettings, zone: string, instant: number): Due[] {
  const today = localDay(zone, instant);
  const out: Due[] = [];
  for (const day of [addDays(today, -2), addDays(today, -1), today, addDays(today, 1)]) {
    if (settings.daily) {
      const at = wallToInstant(zone, day, settings.daily.time);
      out.push({ kind: "daily", key: `daily:${day}`, day, at, fire: fireAt(zone, settings.quiet, at) });
    }
    if (settings.streaks) {
      const at = wallToInstant(zone, day, settings.streaks.time);
      const fire = fireAt(zone, settings.quiet, at);
      for (const item of settings.streaks.items)
        out.push({ kind: "streak", key: `streak:${item}:${day}`, day, at, fire, item });
    }
  }
  return out;
}

const minuteOf = (instant: number) => Math.floor(instant / MINUTE) * MINUTE;

/**
 * The reminders sent in the minute `instant` falls in: the daily and streak reminders of the settings, and of
 * `alarms` (the account's birthdays, deadlines and events at their lead times) those sent in that minute too.
 * A streak's occurrence is each chosen item's; whether it is at risk is the cron's to ask.
 */
export function dueIn(settings: ReminderSettings, zone: string, instant: number, alarms: readonly Alarm[] = []): Due[] {
  const minute = minuteOf(instant);
  const due = scheduled(settings, zone, minute).filter((d) => d.fire === minute);
  for (const a of alarms) {
    const at = minuteOf(a.at);
    const fire = fireAt(zone, settings.quiet, at);
    if (fire === minute) due.push({ kind: "alarm", key: a.key, day: localDay(zone, at), at, fire });
  }
  return due;
}

/**
 * The first minute at or after `instant` in which a reminder of the settings is sent (UTC ms): a daily or streak
 * one, or one of `alarms` (those the cron has worked out for the days ahead); null when there is none. The cron
 * keeps it with the settings, indexed, to find the accounts due.
 */
export function nextDue(
  settings: ReminderSettings,
  zone: string,
  instant: number,
  alarms: readonly Alarm[] = [],
): number | null {
  const minute = minuteOf(instant);
  const fires = [
    ...scheduled(settings, zone, minute).map((d) => d.fire),
    ...alarms.map((a) => fireAt(zone, settings.quiet, minuteOf(a.at))),
  ].filter((f) => f >= minute);
  return fires.length ? Math.min(...fires) : null;
}
