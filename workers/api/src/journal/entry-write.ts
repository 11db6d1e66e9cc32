import { and, eq, exists, inArray, max, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type Db, insertedId } from "../platform/db.ts";
import { type Claim, keyedBatch } from "../platform/idempotency.ts";
import { inList } from "../platform/json-list.ts";
import { type Batch, versionGate } from "../platform/version-gate.ts";
import { type EntryOut, entryOf, entryRead } from "./entry-list.ts";
import { entryFingerprint } from "./fingerprint.ts";
import { entries, entryMetrics, entryTags, metrics, tags } from "./schema.ts";
import { createMetrics, createTags } from "./tag-ids.ts";

export interface EntryContent {
  text: string;
  tags: string[];
  metrics: { name: string; value: number }[];
  date: number;
}

export type Statement = BatchItem<"sqlite">;

/**
 * Tags and metric names are created per user on first use; existing ones are kept.
 * Every statement of a write takes the write's `guard` (below): false, none of them writes.
 */
function ensureNames(db: Db, userId: number, content: EntryContent, guard: SQL): Statement[] {
  const out: Statement[] = [];
  if (content.tags.length) out.push(createTags(db, userId, content.tags, guard));
  if (content.metrics.length)
    out.push(
      createMetrics(
        db,
        userId,
        content.metrics.map((m) => m.name),
        guard,
      ),
    );
  return out;
}

/** Links an entry (an id, or a subquery that finds it) to its tags and metric values. */
function linkNames(db: Db, userId: number, entryId: SQL, content: EntryContent, guard: SQL): Statement[] {
  const out: Statement[] = [];
  if (content.tags.length)
    out.push(
      db.insert(entryTags).select(
        db
          .select({ entryId: sql<number>`${entryId}`.as("entry_id"), tagId: tags.id })
          .from(tags)
          .where(and(eq(tags.userId, userId), inList(tags.name, content.tags), guard)),
      ),
    );
  for (const m of content.metrics)
    out.push(
      db.insert(entryMetrics).select(
        db
          .select({
            entryId: sql<number>`${entryId}`.as("entry_id"),
            metricId: metrics.id,
            value: sql<number>`${m.value}`.as("value"),
          })
          .from(metrics)
          .where(and(eq(metrics.userId, userId), eq(metrics.name, m.name), guard)),
      ),
    );
  return out;
}

/** Use counts and last use of the given tags, recounted from the links. */
function recountTags(db: Db, userId: number, names: string[]): Statement[] {
  if (!names.length) return [];
  return [
    db
      .update(tags)
      .set({
        useCount: sql`(SELECT count(*) FROM ${entryTags} WHERE ${entryTags.tagId} = ${tags.id})`,
        lastUsedAt: sql`(SELECT max(${entries.date}) FROM ${entryTags} JOIN ${entries} ON ${entries.id} = ${entryTags.entryId}
          WHERE ${entryTags.tagId} = ${tags.id})`,
      })
      .where(and(eq(tags.userId, userId), inList(tags.name, names))),
  ];
}

const unique = (names: string[]) => [...new Set(names)];

/**
 * The statements that write a new entry with its tags and metrics, for a
 * caller to run in one batch, `insert` first (its answer, the new id, is the
 * batch's first result; no row when `guard` was false), then `statements` and
 * the caller's own (as the timer's save does). They name the entry by
 * `newest`, the user's newest id: D1 runs a batch as one transaction, so that
 * is the row just inserted.
 *
 * `guard` is a condition the whole write needs, checked by every statement
 * in the batch itself, so a request racing this one cannot slip between a
 * route's check and its write (the timer's save: the timer is still there).
 * When it is false nothing is written — not the entry, and not a link to the
 * user's previous newest entry, which `newest` would name then.
 */
export async function newEntryStatements(db: Db, userId: number, input: EntryContent, guard: SQL = sql`true`) {
  const content = { ...input, tags: unique(input.tags) };
  const fingerprint = await entryFingerprint(content.text, content.tags, content.metrics);
  const newest = db
    .select({ id: max(entries.id) })
    .from(entries)
    .where(eq(entries.userId, userId));
  // An insert-select, to be guarded; it names every column, so the defaults are spelled out (the sleep
  // columns are the uptime triggers' to set).
  const insert = db
    .insert(entries)
    .select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          userId: sql<number>`${userId}`.as("user_id"),
          text: sql<string>`${content.text}`.as("text"),
          date: sql<number>`${content.date}`.as("date"),
          modifiedAt: sql<number>`${Date.now()}`.as("modified_at"),
          fingerprint: sql<string>`${fingerprint}`.as("fingerprint"),
          asleep: sql<boolean>`0`.as("asleep"),
          asleepAfter: sql<boolean>`0`.as("asleep_after"),
          awakeAt: sql<number>`0`.as("awake_at"),
          importId: sql<number | null>`NULL`.as("import_id"),
          importMark: sql<number | null>`NULL`.as("import_mark"),
        })
        .from(sql`(SELECT 1)`)
        .where(guard),
    )
    .returning({ id: entries.id });
  const statements: Statement[] = [
    ...ensureNames(db, userId, content, guard),
    ...linkNames(db, userId, sql`(${newest})`, content, guard),
    ...(content.tags.length
      ? [
          db
            .update(tags)
            .set({
              useCount: sql`${tags.useCount} + 1`,
              lastUsedAt: sql`max(coalesce(${tags.lastUsedAt}, 0), ${content.date})`,
            })
            .where(and(eq(tags.userId, userId), inList(tags.name, content.tags), guard)),
        ]
      : []),
  ];
  return { insert, statements, newest };
}

/**
 * Creates an entry with its tags and metrics in one batch: all of it lands,
 * or none. The batch ends by reading the new entry back (by `newest`, inside
 * the same transaction), so the write and its answer are one round trip.
 * Returns the entry as the API shows it.
 */
export async function createEntry(db: Db, userId: number, input: EntryContent, claim?: Claim): Promise<EntryOut> {
  const { insert, statements, newest } = await newEntryStatements(db, userId, input);
  const results = await db.batch([
    insert,
    ...statements,
    // The request's Idempotency-Key, claimed with the entry's id in this same batch (platform/idempotency.ts).
    ...keyedBatch(db, claim, 201, sql`(${newest})`),
    entryRead(db, userId, sql`(${newest})`),
  ]);
  const id = insertedId(results);
  const entry = entryOf(results.at(-1)?.[0]);
  if (entry?.id !== id) throw new Error(`entry ${id} of user ${userId} was not read back in its own batch`);
  return entry;
}

/**
 * Replaces an entry's content in one batch. The caller has checked that the
 * entry is the user's; a DELETE racing this request may still have removed it
 * since, so every statement re-checks that the entry is there and the user's.
 * False when it was not: nothing was written.
 */
export async function updateEntry(
  db: Db,
  userId: number,
  entryId: number,
  previousTags: string[],
  input: EntryContent,
  version?: number,
  claim?: Claim,
): Promise<boolean> {
  const content = { ...input, tags: unique(input.tags) };
  const fingerprint = await entryFingerprint(content.text, content.tags, content.metrics);
  const mine = and(eq(entries.id, entryId), eq(entries.userId, userId));
  const owned = db.select({ id: entries.id }).from(entries).where(mine);
  const there = exists(owned);
  // The version it was read at, checked first (platform/version-gate.ts): a stale write changes nothing.
  const gate = versionGate(db, "entry", userId, entryId, version);
  // The request's Idempotency-Key is claimed first: a retry of an edit that was written fails on it (and is
  // answered with the entry as it is), not on the version the edit itself moved on.
  const key = keyedBatch(db, claim, 200, sql`${entryId}`);
  const results = await db.batch([
    ...key,
    ...gate,
    db
      .update(entries)
      .set({ text: content.text, date: content.date, modifiedAt: Date.now(), fingerprint })
      .where(mine)
      .returning({ id: entries.id }),
    ...ensureNames(db, userId, content, there),
    db.delete(entryTags).where(inArray(entryTags.entryId, owned)),
    db.delete(entryMetrics).where(inArray(entryMetrics.entryId, owned)),
    ...linkNames(db, userId, sql`(${owned})`, content, there),
    ...recountTags(db, userId, unique([...previousTags, ...content.tags])),
  ] as unknown as Batch);
  return (results[key.length + gate.length] as unknown[]).length > 0;
}

/** Deletes an entry (its links go with it) and recounts its tags. False when there was none to delete. */
export async function deleteEntry(db: Db, userId: number, entryId: number, tagNames: string[]): Promise<boolean> {
  const [gone] = await db.batch([
    db
      .delete(entries)
      .where(and(eq(entries.id, entryId), eq(entries.userId, userId)))
      .returning({ id: entries.id }),
    ...recountTags(db, userId, tagNames),
  ]);
  return gone.length > 0;
}
