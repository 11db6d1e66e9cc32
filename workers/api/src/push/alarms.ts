import { allDayReminder, type EventRepeat, eventDays } from "@nook/shared/calendar/events";
import { addDays } from "@nook/shared/common/calendar-date";
import { dayNumberToDate, localDayNumber } from "@nook/shared/common/time-zone";
import { birthdaysBetween } from "@nook/shared/people/birthdays";
import { PERSON_TAG_PREFIX } from "@nook/shared/people/person-tags";
import type { ReminderSettings } from "@nook/shared/push/schemas";
import { and, asc, eq, gte, isNotNull, lt, or, sql } from "drizzle-orm";
import { eventsWithin } from "../calendar/event-store.ts";
import { birthdayCondition } from "../calendar/routes.ts";
import { calendarFeeds } from "../calendar/schema.ts";
import { tags } from "../journal/schema.ts";
import { people, personTags } from "../people/schema.ts";
import type { Db } from "../platform/db.ts";
import { steps } from "../steps/schema.ts";
import { type Alarm, localDay, wallToInstant } from "./due.ts";

/**
 * Birthdays, deadlines and own events as reminders: each at the calendar feed's lead time for its kind
 * (calendar/feed-routes.ts writes the same ones as VALARMs), or, with no feed or none chosen there, at 09:00 on
 * the day for a birthday, a deadline or an all-day event, and 15 minutes before a timed event's start.
 */

const MINUTE = 60_000;

/** Minutes before the item's start (before 00:00 of an all-day one; negative is after it). */
export const ALARM_LEADS = { birthdays: -540, deadlines: -540, events: 15 } as const;

/** How far ahead the cron looks for alarms: an account with alarms on is reached at least this often. */
export const ALARM_HORIZON = 2 * 24 * 60 * MINUTE;
/** The longest lead a feed offers is 9,540 minutes (a week before at 09:00): the days read reach past it. */
const LEAD_DAYS = 8;

export interface ReminderAlarm extends Alarm {
  kind: "birthday" | "deadline" | "event";
  /** The person's name, the checklist's, the event's title. */
  name: string;
  /** The item's own id (person, checklist, event), for the page a click opens. */
  id: number;
  /** The local day of the birthday, the deadline, the event. */
  date: string;
  /** A timed event's start ("HH:MM"), else null. */
  start: string | null;
  /** A person's @tag, for "Write" about them. */
  tag?: string;
}

/** What an account's alarms are worked out from: one read each, and the feed's lead times (or none). */
export interface AlarmData {
  born: { id: number; name: string; birthDate: string; tag: string | null }[];
  due: { id: number; name: string; deadline: number | null; totalItems: number; completedItems: number }[];
  own: { id: number; title: string; date: string; start: string | null; repeat: EventRepeat }[];
  leads: { birthdays: number | null; deadlines: number | null; events: number | null } | undefined;
}

/**
 * One account's birthdays, open deadlines and events around `from`..`to`, of the kinds the settings turn on,
 * and its feed's lead times: one batch, one trip.
 */
export async function readAlarmData(
  db: Db,
  userId: number,
  settings: ReminderSettings,
  zone: string,
  from: number,
  to: number,
): Promise<AlarmData> {
  const first = addDays(localDay(zone, from), -1);
  const last = addDays(localDay(zone, to), LEAD_DAYS);
  // The person's @tag, as Today's "Write about" takes it: the first by name.
  const personTag = sql<string | null>`(SELECT ${tags.name} FROM ${personTags}
    JOIN ${tags} ON ${tags.id} = ${personTags.tagId}
    WHERE ${personTags.personId} = "people"."id" AND ${tags.name} LIKE ${`${PERSON_TAG_PREFIX}%`}
    ORDER BY ${tags.name} LIMIT 1)`;
  const [leads, born, due, own] = await db.batch([
    db
      .select({
        birthdays: calendarFeeds.birthdayReminder,
        deadlines: calendarFeeds.deadlineReminder,
        events: calendarFeeds.eventReminder,
      })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId)),
    db
      .select({ id: people.id, name: people.name, birthDate: people.birthDate, tag: personTag })
      .from(people)
      .where(and(eq(people.userId, userId), birthdayCondition(first, last)))
      .orderBy(asc(people.id))
      .limit(settings.birthdays ? -1 : 0),
    db
      .select({
        id: steps.id,
        name: steps.name,
        deadline: steps.deadline,
        totalItems: steps.totalItems,
        completedItems: steps.completedItems,
      })
      .from(steps)
      .where(
        and(
          eq(steps.userId, userId),
          isNotNull(steps.deadline),
          // A deadline is a day: its reminder falls from a week before it to 24 hours after its start.
          gte(steps.deadline, from - 2 * 1440 * MINUTE),
          lt(steps.deadline, to + (LEAD_DAYS + 2) * 1440 * MINUTE),
          or(eq(steps.totalItems, 0), lt(steps.completedItems, steps.totalItems)),
        ),
      )
      .orderBy(asc(steps.id))
      .limit(settings.deadlines ? -1 : 0),
    eventsWithin(db, userId, first, last).limit(settings.events ? -1 : 0),
  ]);
  return { leads: leads[0], born, due, own };
}

/** The instant `minutes` after 00:00 of `day` in the zone's wall time (a lead before an all-day item's day). */
function wallAfterMidnight(zone: string, day: string, minutes: number): number {
  const days = Math.floor(minutes / 1440);
  const rest = minutes - days * 1440;
  const time = `${String(Math.floor(rest / 60)).padStart(2, "0")}:${String(rest % 60).padStart(2, "0")}`;
  return wallToInstant(zone, addDays(day, days), time);
}

/**
 * The alarms set within [from, to) (UTC ms): for each kind the settings turn on, each birthday (age one and
 * up, as the calendar shows them), open checklist's deadline and event occurrence whose reminder falls then.
 * Keys name the item and its day, so a lead time changed after the send does not send it again.
 */
export function alarmsWithin(
  data: AlarmData,
  settings: ReminderSettings,
  zone: string,
  from: number,
  to: number,
): ReminderAlarm[] {
  const first = addDays(localDay(zone, from), -1);
  const last = addDays(localDay(zone, to), LEAD_DAYS);
  const lead = (kind: keyof typeof ALARM_LEADS) => data.leads?.[kind] ?? ALARM_LEADS[kind];
  const out: ReminderAlarm[] = [];
  const keep = (alarm: ReminderAlarm) => {
    if (alarm.at >= from && alarm.at < to) out.push(alarm);
  };
  if (settings.birthdays)
    for (const p of data.born)
      for (const { date } of birthdaysBetween(p.birthDate, first, last))
        keep({
          kind: "birthday",
          key: `birthday:${p.id}:${date}`,
          at: wallAfterMidnight(zone, date, -lead("birthdays")),
          name: p.name,
          id: p.id,
          date,
          start: null,
          ...(p.tag ? { tag: p.tag } : {}),
        });
  if (settings.deadlines)
    for (const s of data.due) {
      if (s.deadline === null) continue;
      const date = dayNumberToDate(localDayNumber(s.deadline, zone));
      keep({
        kind: "deadline",
        key: `deadline:${s.id}:${date}`,
        at: wallAfterMidnight(zone, date, -lead("deadlines")),
        name: s.name,
        id: s.id,
        date,
        start: null,
      });
    }
  if (settings.events)
    for (const e of data.own)
      for (const date of eventDays(e, first, last))
        keep({
          kind: "event",
          key: `event:${e.id}:${date}`,
          at:
            e.start === null
              ? wallAfterMidnight(zone, date, -allDayReminder(lead("events")))
              : wallToInstant(zone, date, e.start) - lead("events") * MINUTE,
          name: e.title,
          id: e.id,
          date,
          start: e.start,
        });
  return out.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
}
