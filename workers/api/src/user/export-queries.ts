import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "../auth/schema.ts";
import { eventColumns } from "../calendar/event-store.ts";
import { events } from "../calendar/schema.ts";
import { donateInfo, donations } from "../donate/schema.ts";
import { entries, entryMetrics, entryTags, metrics, tags } from "../journal/schema.ts";
import { people, personTags } from "../people/schema.ts";
import type { Db } from "../platform/db.ts";
import { stackItems, stacks } from "../stacks/schema.ts";
import { steps } from "../steps/schema.ts";
import { timers, timerTags } from "../timer/schema.ts";

/**
 * The export's reads, one a kind, each a keyset page of a user's rows after a key: the
 * export's route and its benchmark (scripts/bench/export.ts) run these same queries. A page's links
 * (an entry's tags and metrics, a person's tags) come in the same statement as JSON arrays, as the
 * entry list builds them (journal/entry-list.ts), so a page is one trip. In a drizzle `select` of one
 * table its columns are written without the table's name, so a subquery names the outer row in words
 * (`"timers"."id"`): `${timers.id}` there would read the inner table's own id.
 */

export interface EntryKey {
  date: number;
  id: number;
}
export interface ExportEntryRow extends EntryKey {
  modifiedAt: number;
  text: string;
  /** JSON: the tags' names, in name order. */
  tags: string;
  /** JSON: [{name, value}], in name order. */
  metrics: string;
}

const ENTRY_TAG_NAMES = sql<string>`(SELECT json_group_array(n) FROM
  (SELECT ${tags.name} AS n FROM ${entryTags} JOIN ${tags} ON ${tags.id} = ${entryTags.tagId}
   WHERE ${entryTags.entryId} = ${entries.id} ORDER BY ${tags.name}))`;
const ENTRY_METRIC_VALUES = sql<string>`(SELECT json_group_array(json_object('name', n, 'value', v)) FROM
  (SELECT ${metrics.name} AS n, ${entryMetrics.value} AS v
   FROM ${entryMetrics} JOIN ${metrics} ON ${metrics.id} = ${entryMetrics.metricId}
   WHERE ${entryMetrics.entryId} = ${entries.id} ORDER BY ${metrics.name}))`;

/** A page of entries, oldest first, after a (date, id): the index `entries_user_date_id` walks it. */
export function exportEntriesQuery(userId: number, after: EntryKey | undefined, limit: number) {
  const from = after ? sql` AND (${entries.date}, ${entries.id}) > (${after.date}, ${after.id})` : sql``;
  return sql`SELECT ${entries.id} AS id, ${entries.date} AS date, ${entries.modifiedAt} AS modifiedAt,
    ${entries.text} AS text, ${ENTRY_TAG_NAMES} AS tags, ${ENTRY_METRIC_VALUES} AS metrics
    FROM ${entries} WHERE ${entries.userId} = ${userId}${from}
    ORDER BY ${entries.date}, ${entries.id} LIMIT ${limit}`;
}

export function exportEntries(db: Db, userId: number, after: EntryKey | undefined, limit: number) {
  return db.all<ExportEntryRow>(exportEntriesQuery(userId, after, limit));
}

/** The profile, without the password hash (nor any session: those are another table). */
export function exportProfile(db: Db, userId: number) {
  return db
    .select({
      email: users.email,
      name: users.name,
      username: users.username,
      dateOfBirth: users.dateOfBirth,
      accentColor: users.accentColor,
      timeZone: users.timeZone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
}

export function exportDonateInfo(db: Db, userId: number) {
  return db
    .select({
      title: donateInfo.title,
      ethAddress: donateInfo.ethAddress,
      btcAddress: donateInfo.btcAddress,
      paypalDonateButtonId: donateInfo.paypalDonateButtonId,
      updatedAt: donateInfo.updatedAt,
    })
    .from(donateInfo)
    .where(eq(donateInfo.userId, userId));
}

const afterId = (column: SQLiteColumn, after: number | undefined) => gt(column, after ?? 0);

export function exportTags(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), afterId(tags.id, after)))
    .orderBy(asc(tags.id))
    .limit(limit)
    .all();
}

export function exportMetrics(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({ id: metrics.id, name: metrics.name })
    .from(metrics)
    .where(and(eq(metrics.userId, userId), afterId(metrics.id, after)))
    .orderBy(asc(metrics.id))
    .limit(limit)
    .all();
}

/** A stack's items as a JSON array, in the stack's order, each item's metric by name. */
const STACK_ITEMS = sql<string>`(SELECT json_group_array(json_object('title', title, 'type', type,
    'uptimeOnly', uptime_only, 'tagsSign', tags_sign, 'position', position, 'config', json(config),
    'metric', metric, 'createdAt', created_at)) FROM
  (SELECT i.title, i.type, i.uptime_only, i.tags_sign, i.position, i.config, i.created_at,
     (SELECT m.name FROM ${metrics} m WHERE m.id = json_extract(i.config, '$.metricId') AND m.user_id = i.user_id) AS metric
   FROM ${stackItems} i WHERE i.stack_id = "stacks"."id" ORDER BY i.position, i.id))`;

export function exportStacks(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({ id: stacks.id, name: stacks.name, icon: stacks.icon, createdAt: stacks.createdAt, items: STACK_ITEMS })
    .from(stacks)
    .where(and(eq(stacks.userId, userId), afterId(stacks.id, after)))
    .orderBy(asc(stacks.id))
    .limit(limit)
    .all();
}

const TIMER_TAG_NAMES = sql<string>`(SELECT json_group_array(n) FROM
  (SELECT ${tags.name} AS n FROM ${timerTags} JOIN ${tags} ON ${tags.id} = ${timerTags.tagId}
   WHERE ${timerTags.timerId} = "timers"."id" ORDER BY ${tags.name}))`;

export function exportTimers(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({
      id: timers.id,
      text: timers.text,
      tags: TIMER_TAG_NAMES,
      initAt: timers.initAt,
      startedAt: timers.startedAt,
      pausedAt: timers.pausedAt,
      pausedTimeDiff: timers.pausedTimeDiff,
      goal: timers.goal,
      complete: timers.complete,
      modifiedAt: timers.modifiedAt,
    })
    .from(timers)
    .where(and(eq(timers.userId, userId), afterId(timers.id, after)))
    .orderBy(asc(timers.id))
    .limit(limit)
    .all();
}

const PERSON_TAG_NAMES = sql<string>`(SELECT json_group_array(n) FROM
  (SELECT ${tags.name} AS n FROM ${personTags} JOIN ${tags} ON ${tags.id} = ${personTags.tagId}
   WHERE ${personTags.personId} = "people"."id" ORDER BY ${tags.name}))`;

export function exportPeople(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({
      id: people.id,
      name: people.name,
      email: people.email,
      birthDate: people.birthDate,
      tags: PERSON_TAG_NAMES,
      createdAt: people.createdAt,
      modifiedAt: people.modifiedAt,
    })
    .from(people)
    .where(and(eq(people.userId, userId), afterId(people.id, after)))
    .orderBy(asc(people.id))
    .limit(limit)
    .all();
}

export function exportChecklists(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({
      id: steps.id,
      name: steps.name,
      content: steps.content,
      deadline: steps.deadline,
      createdAt: steps.createdAt,
      modifiedAt: steps.modifiedAt,
    })
    .from(steps)
    .where(and(eq(steps.userId, userId), afterId(steps.id, after)))
    .orderBy(asc(steps.id))
    .limit(limit)
    .all();
}

export function exportEvents(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.userId, userId), afterId(events.id, after)))
    .orderBy(asc(events.id))
    .limit(limit)
    .all();
}

export function exportDonations(db: Db, userId: number, after: number | undefined, limit: number) {
  return db
    .select({
      id: donations.id,
      chain: donations.chain,
      txId: donations.txId,
      amount: donations.amount,
      fromAddress: donations.fromAddress,
      at: donations.at,
      recordedAt: donations.recordedAt,
    })
    .from(donations)
    .where(and(eq(donations.userId, userId), afterId(donations.id, after)))
    .orderBy(asc(donations.id))
    .limit(limit)
    .all();
}
