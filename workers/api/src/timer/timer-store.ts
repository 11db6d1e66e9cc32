import { runningSeconds } from "@nook/shared/common/stopwatch";
import { rangeStart } from "@nook/shared/common/time-zone";
import { and, eq, exists, type SQL, sql } from "drizzle-orm";
import { type EntryOut, listEntries, tagList } from "../journal/entry-list.ts";
import { newEntryStatements, type Statement } from "../journal/entry-write.ts";
import { entries, entryMetrics, metrics, tags } from "../journal/schema.ts";
import { createTags } from "../journal/tag-ids.ts";
import type { Db } from "../platform/db.ts";
import { type Claim, keyedBatch, keyedResult } from "../platform/idempotency.ts";
import { inList } from "../platform/json-list.ts";
import type { Batch } from "../platform/version-gate.ts";
import { timers, timerTags } from "./schema.ts";

/** The timer as the API answers it (spec 2 §3), with the entry its save wrote. */
export interface TimerOut {
  id: number;
  text: string;
  tags: { id: number; name: string }[];
  initAt: string;
  startedAt: string;
  pausedAt: string | null;
  pausedTimeDiff: number;
  complete: boolean;
  goal: string | null;
  /** The journal entry written by Save; null until then. */
  entryId: number | null;
}

/** What the page sends: the timer's content and its stopwatch, times in epoch ms. */
export interface TimerContent {
  text: string;
  tags: string[];
  startedAt: number;
  pausedAt: number | null;
  pausedTimeDiff: number;
  goal: number | null;
}

interface Row {
  id: number;
  text: string;
  tags: string;
  initAt: number;
  startedAt: number;
  pausedAt: number | null;
  pausedTimeDiff: number;
  /** 0 or 1 read raw (`selectTimer`), a boolean through drizzle's columns (`timerRead`). */
  complete: number | boolean;
  goal: number | null;
  entryId: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A timer's tags (by name, as an entry's) as a JSON array. */
const TAGS_JSON = sql<string>`(SELECT json_group_array(json_object('id', g.id, 'name', g.name)) FROM
       (SELECT ${tags.id} AS id, ${tags.name} AS name FROM ${timerTags} JOIN ${tags} ON ${tags.id} = ${timerTags.tagId}
        WHERE ${timerTags.timerId} = ${timers.id} ORDER BY ${tags.name}) g)`;

/** One round trip: the timer with its tags as a JSON array. */
function selectTimer(where: SQL) {
  return sql`SELECT ${timers.id} AS id, ${timers.text} AS text, ${timers.initAt} AS initAt,
    ${timers.startedAt} AS startedAt, ${timers.pausedAt} AS pausedAt, ${timers.pausedTimeDiff} AS pausedTimeDiff,
    ${timers.complete} AS complete, ${timers.goal} AS goal, ${timers.entryId} AS entryId, ${TAGS_JSON} AS tags
    FROM ${timers} WHERE ${where}`;
}

function toTimer(row: Row): TimerOut {
  return {
    id: row.id,
    text: row.text,
    tags: tagList(row.tags),
    initAt: iso(row.initAt),
    startedAt: iso(row.startedAt),
    pausedAt: row.pausedAt === null ? null : iso(row.pausedAt),
    pausedTimeDiff: row.pausedTimeDiff,
    complete: Boolean(row.complete),
    goal: row.goal === null ? null : iso(row.goal),
    entryId: row.entryId,
  };
}

/**
 * `selectTimer` for a write's own batch, last in it (`readBack` reads its answer): a builder's select, as
 * drizzle's D1 batch cannot bind a raw query's parameters.
 */
function timerRead(db: Db, userId: number, where: SQL) {
  return db
    .select({
      id: timers.id,
      text: timers.text,
      initAt: timers.initAt,
      startedAt: timers.startedAt,
      pausedAt: timers.pausedAt,
      pausedTimeDiff: timers.pausedTimeDiff,
      complete: timers.complete,
      goal: timers.goal,
      entryId: timers.entryId,
      // Wrapped: a select from one table writes the columns in a field's own SQL unqualified, and the
      // subquery's "timers"."id" must stay qualified (as journal/entry-list.ts's entryRead).
      tags: sql<string>`${TAGS_JSON}`,
    })
    .from(timers)
    .where(and(eq(timers.userId, userId), where));
}
function readBack(results: readonly unknown[]): TimerOut | null {
  const [row] = results.at(-1) as Row[];
  return row ? toTimer(row) : null;
}

/** The user's unfinished timer as a builder's select, for another route's batch; `timerOf` reads its answer. */
export function unfinishedTimerRead(db: Db, userId: number) {
  return timerRead(db, userId, eq(timers.complete, false));
}

/** The timer of `unfinishedTimerRead`'s rows, or null. */
export function timerOf(rows: readonly Row[]): TimerOut | null {
  const [row] = rows;
  return row ? toTimer(row) : null;
}

/** The user's unfinished timer (running or paused), or null. */
export async function unfinishedTimer(db: Db, userId: number): Promise<TimerOut | null> {
  const row = await db.get<Row | undefined>(selectTimer(sql`${timers.userId} = ${userId} AND ${timers.complete} = 0`));
  return row ? toTimer(row) : null;
}

/** One of the user's timers, finished or not; null when there is none (or it is another user's). */
export async function timerById(db: Db, userId: number, id: number): Promise<TimerOut | null> {
  const row = await db.get<Row | undefined>(selectTimer(sql`${timers.userId} = ${userId} AND ${timers.id} = ${id}`));
  return row ? toTimer(row) : null;
}

/**
 * The timer's tags: created in the journal on first use, then linked (the old
 * links replaced). Only while `guard` holds — the timer is still there: a
 * reset racing the write leaves nothing to link, and no new tag either.
 */
function setTags(db: Db, userId: number, timerId: SQL | number, names: string[], guard: SQL): Statement[] {
  const out: Statement[] = [db.delete(timerTags).where(eq(timerTags.timerId, sql`${timerId}`))];
  if (!names.length) return out;
  out.unshift(createTags(db, userId, names, guard));
  out.push(
    db.insert(timerTags).select(
      db
        .select({ timerId: sql<number>`${timerId}`.as("timer_id"), tagId: tags.id })
        .from(tags)
        .where(and(eq(tags.userId, userId), inList(tags.name, names), guard)),
    ),
  );
  return out;
}

/** The condition a write to one of the user's timers needs: it is still there (a reset did not remove it). */
function timerThere(db: Db, userId: number, id: number): SQL {
  return exists(
    db
      .select({ id: timers.id })
      .from(timers)
      .where(and(eq(timers.id, id), eq(timers.userId, userId))),
  );
}

/**
 * Starts the user's timer, and answers it as stored, read back in the same
 * batch. The partial unique index refuses a second unfinished one, even from
 * a request racing this one: that throws, and the route answers 409
 * (isUniqueViolation on timers.user_id). The request's Idempotency-Key is
 * claimed first in the batch, its timer's id written in after the insert
 * (keyedResult): a retry finds the first request's timer still running, and
 * must fail on its key — answered with that timer — before the index refuses it.
 */
export async function startTimer(
  db: Db,
  userId: number,
  start: TimerContent & { initAt: number },
  claim?: Claim,
): Promise<TimerOut> {
  const unfinished = db
    .select({ id: timers.id })
    .from(timers)
    .where(and(eq(timers.userId, userId), eq(timers.complete, false)));
  const results = await db.batch([
    ...keyedBatch(db, claim, 201, sql`NULL`),
    db
      .insert(timers)
      .values({
        userId,
        text: start.text,
        initAt: start.initAt,
        startedAt: start.startedAt,
        pausedAt: start.pausedAt,
        pausedTimeDiff: start.pausedTimeDiff,
        goal: start.goal,
        modifiedAt: Date.now(),
      })
      .returning({ id: timers.id }),
    // The timer just inserted is the unfinished one: there, unless the insert was refused (and the batch with it).
    ...setTags(db, userId, sql`(${unfinished})`, start.tags, sql`true`),
    ...keyedResult(db, claim, sql`(${unfinished})`),
    timerRead(db, userId, sql`${timers.complete} = 0`),
  ] as unknown as Batch);
  const timer = readBack(results);
  if (!timer) throw new Error(`the timer started by user ${userId} was not read back in its own batch`);
  return timer;
}

/**
 * Stop, resume or edit: the page's whole timer, answered as stored (read
 * back in the same batch). The caller has checked it is the user's and
 * unfinished; a reset racing this request may have removed it since (null:
 * nothing written), and a save from another tab completed it (the database
 * refuses the batch: isAlreadySaved). The request's Idempotency-Key, with the
 * timer's id, is claimed first: a retry fails on it, not on the timer.
 */
export async function updateTimer(
  db: Db,
  userId: number,
  id: number,
  content: TimerContent,
  claim?: Claim,
): Promise<TimerOut | null> {
  const mine = and(eq(timers.id, id), eq(timers.userId, userId));
  const results = await db.batch([
    ...keyedBatch(db, claim, 200, sql`${id}`),
    db
      .update(timers)
      .set({
        text: content.text,
        startedAt: content.startedAt,
        pausedAt: content.pausedAt,
        pausedTimeDiff: content.pausedTimeDiff,
        goal: content.goal,
        modifiedAt: Date.now(),
      })
      .where(mine)
      .returning({ id: timers.id }),
    ...setTags(db, userId, id, content.tags, timerThere(db, userId, id)),
    timerRead(db, userId, sql`${timers.id} = ${id}`),
  ] as unknown as Batch);
  return readBack(results);
}

/**
 * Save (DESIGN §5): the timer is completed and its journal entry — the
 * message as text, the timer's tags, metric `duration` — written in one
 * batch, so both land or neither. The entry is dated when the running
 * stopped (the pause, or now). A timer completed meanwhile (another tab's
 * save) makes the database refuse the batch (trigger timers_complete_is_final);
 * a timer reset meanwhile writes nothing, the entry neither: null. Answers the
 * saved timer, read back in the batch; the Idempotency-Key as in updateTimer.
 */
export async function completeTimer(
  db: Db,
  userId: number,
  id: number,
  content: TimerContent,
  now: number,
  claim?: Claim,
): Promise<TimerOut | null> {
  const there = timerThere(db, userId, id);
  const { insert, statements, newest } = await newEntryStatements(
    db,
    userId,
    {
      text: content.text,
      tags: content.tags,
      // Whole running seconds at the pause, or at `now` if still running: what the readout showed.
      metrics: [{ name: "duration", value: runningSeconds(content, now) }],
      date: content.pausedAt ?? now,
    },
    there,
  );
  const results = await db.batch([
    ...keyedBatch(db, claim, 200, sql`${id}`),
    insert,
    ...statements,
    ...setTags(db, userId, id, content.tags, there),
    db
      .update(timers)
      .set({
        text: content.text,
        startedAt: content.startedAt,
        pausedAt: content.pausedAt ?? now,
        pausedTimeDiff: content.pausedTimeDiff,
        goal: content.goal,
        complete: true,
        entryId: sql`(${newest})`,
        modifiedAt: now,
      })
      .where(and(eq(timers.id, id), eq(timers.userId, userId))),
    // There only if it was when the batch began: then the entry and the update were written too.
    timerRead(db, userId, sql`${timers.id} = ${id}`),
  ] as unknown as Batch);
  return readBack(results);
}

/** Reset: the user's unfinished timer (that one, when an id is given) is discarded. Returns the id, or null. */
export async function resetTimer(db: Db, userId: number, id?: number): Promise<number | null> {
  const row = await db
    .delete(timers)
    .where(and(eq(timers.userId, userId), eq(timers.complete, false), id === undefined ? undefined : eq(timers.id, id)))
    .returning({ id: timers.id })
    .get();
  return row?.id ?? null;
}

/** The error of a write the database refused because the timer was already saved. */
export function isAlreadySaved(err: unknown): boolean {
  return /timer already saved/.test(String((err as Error)?.message ?? err));
}

/**
 * The timer page's figures: seconds saved today, this week and ever (up to now: no figure counts an entry
 * dated in the future), how many saves, the latest; and `others`, the entries with a duration the timer did
 * not write (a run, a duration typed in the journal), counted apart and in no figure.
 */
export interface TimerStats {
  today: number;
  week: number;
  total: number;
  count: number;
  recent: EntryOut[];
  others: number;
}

/**
 * Statistics of the timer's own saves: the entries saved timers wrote (timers.entry_id), their `duration`
 * as it is now (an edit of the entry counts). "17 timers" are seventeen saves, not every entry with a
 * duration. "Today" and "this week" start at the user's local midnight and Monday (the stacks'
 * rule, rangeStart).
 */
export async function timerStats(
  db: Db,
  userId: number,
  context: { now: number; timeZone: string; recent: number },
): Promise<TimerStats> {
  const duration = await db
    .select({ id: metrics.id })
    .from(metrics)
    .where(and(eq(metrics.userId, userId), eq(metrics.name, "duration")))
    .get();
  if (!duration) return { today: 0, week: 0, total: 0, count: 0, recent: [], others: 0 };
  const today = rangeStart("today", context.now, context.timeZone);
  const week = rangeStart("week", context.now, context.timeZone);
  // The entries the user's saved timers wrote.
  const saves = sql`SELECT ${timers.entryId} FROM ${timers} WHERE ${timers.userId} = ${userId}
    AND ${timers.complete} = 1 AND ${timers.entryId} IS NOT NULL`;
  const saved = sql`${entries.id} IN (${saves})`;
  const [all, recent] = await Promise.all([
    // Up to now, every duration (the metric's own rows: metric ids are per user), each entry's date read by its
    // key: a save's summed ever, this week and today; the others counted apart.
    db.get<{
      total: number | null;
      count: number | null;
      today: number | null;
      week: number | null;
      others: number | null;
    }>(sql`
      SELECT SUM(CASE WHEN s THEN v END) AS total, SUM(s) AS count,
        SUM(CASE WHEN s AND d >= ${today} THEN v END) AS today,
        SUM(CASE WHEN s AND d >= ${week} THEN v END) AS week,
        SUM(NOT s) AS others
      FROM (SELECT ${entries.date} AS d, ${entryMetrics.value} AS v, ${saved} AS s
        FROM ${entryMetrics} JOIN ${entries} ON ${entries.id} = ${entryMetrics.entryId}
        WHERE ${entryMetrics.metricId} = ${duration.id} AND ${entries.date} <= ${context.now})`),
    listEntries(db, userId, { limit: context.recent, where: saved }),
  ]);
  return {
    today: all?.today ?? 0,
    week: all?.week ?? 0,
    total: all?.total ?? 0,
    count: all?.count ?? 0,
    recent,
    others: all?.others ?? 0,
  };
}
