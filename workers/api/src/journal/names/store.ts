import { NAMES_PART_ENTRIES } from "@nook/shared/journal/limits";
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { personTags } from "../../people/schema.ts";
import type { Db } from "../../platform/db.ts";
import { stackItems } from "../../stacks/schema.ts";
import { timers, timerTags } from "../../timer/schema.ts";
import type { Statement } from "../entry-write.ts";
import { entryFingerprint } from "../fingerprint.ts";
import { entries, entryMetrics, entryTags, metrics, tags } from "../schema.ts";

/**
 * Tags and metrics as the user manages them (DESIGN §5 "Your data"):
 * rename, merge, delete. Each write is one `db.batch`, every
 * statement of it guarded by what the route checked (the rows are still the
 * user's), so it lands whole or not at all; each binds a fixed number of
 * parameters whatever the data (a list goes as one JSON parameter).
 *
 * What follows a change:
 * - entries: the links (entry_tags, entry_metrics) by id, so a rename needs no
 *   write there; a merge moves them; a delete removes them (the entries stay).
 * - use counts: a rename keeps them, a merge recounts the tag kept.
 * - people: person_tags link by id too; a merge moves them.
 * - timers: timer_tags link by id too (the running timer's and the saved
 *   ones', kept as a record); a merge moves them, as the entries' and the
 *   people's. Every place a tag lives is walked from the schema by
 *   tag-places.test.ts, which fails on one a merge leaves behind.
 * - stack items: a filter names its tags (stacks/schema.ts), so a rename or a
 *   merge renames them in every filter (a tag named twice after a merge is
 *   kept once); a metric is named by id (`metricId`), moved by a merge and
 *   cleared by a delete. A deleted tag stays named in the filters that had it
 *   (it matches nothing, as a tag never used, and an item keeps the one tag it
 *   needs).
 * - fingerprints (lifting): recomputed for every entry whose tags
 *   or metrics changed name, so entries a merge made identical show as one run.
 * - sleep: the uptime triggers (migration 0003) see a tag become or stop being
 *   'down' or 'up' and mark the user's sleep columns stale.
 */

// A select from one table writes its own columns unqualified (entry-list.ts), and an unqualified "id" in a
// subquery reads as the subquery's own table's: the subqueries below name the outer row as `tags.id`,
// `metrics.id`, `entries.id`.

/**
 * A tag with the entries and the people it is on, and the unfinished timers (0 or 1: a user has one at most)
 * that have it: a tag only the running timer uses is in use too, not a leftover to delete. A saved timer's
 * tags are its entry's, counted with the entries.
 */
export interface TagUse {
  id: number;
  name: string;
  entries: number;
  people: number;
  timers: number;
}
/** A metric with the entries that have a value of it. */
export interface MetricUse {
  id: number;
  name: string;
  entries: number;
}

/** The unfinished timers with the tag of the outer row (`tags.id`). */
const RUNNING_TIMERS = sql<number>`(SELECT count(*) FROM ${timerTags} JOIN ${timers} ON ${timers.id} = ${timerTags.timerId}
  WHERE ${timerTags.tagId} = tags.id AND ${timers.complete} = 0)`;

export function listTagUses(db: Db, userId: number): Promise<TagUse[]> {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      entries: sql<number>`(SELECT count(*) FROM ${entryTags} WHERE ${entryTags.tagId} = tags.id)`,
      people: sql<number>`(SELECT count(*) FROM ${personTags} WHERE ${personTags.tagId} = tags.id)`,
      timers: RUNNING_TIMERS,
    })
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(asc(tags.name))
    .all();
}

export function listMetricUses(db: Db, userId: number): Promise<MetricUse[]> {
  return db
    .select({
      id: metrics.id,
      name: metrics.name,
      entries: sql<number>`(SELECT count(*) FROM ${entryMetrics} WHERE ${entryMetrics.metricId} = metrics.id)`,
    })
    .from(metrics)
    .where(eq(metrics.userId, userId))
    .orderBy(asc(metrics.name))
    .all();
}

export async function tagUse(db: Db, userId: number, id: number): Promise<TagUse | null> {
  return (await listTagUsesWhere(db, userId, eq(tags.id, id)))[0] ?? null;
}
export async function tagUseByName(db: Db, userId: number, name: string): Promise<TagUse | null> {
  return (await listTagUsesWhere(db, userId, eq(tags.name, name)))[0] ?? null;
}
function listTagUsesWhere(db: Db, userId: number, where: SQL) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      entries: sql<number>`(SELECT count(*) FROM ${entryTags} WHERE ${entryTags.tagId} = tags.id)`,
      people: sql<number>`(SELECT count(*) FROM ${personTags} WHERE ${personTags.tagId} = tags.id)`,
      timers: RUNNING_TIMERS,
    })
    .from(tags)
    .where(and(eq(tags.userId, userId), where))
    .all();
}

export async function metricUse(db: Db, userId: number, id: number): Promise<MetricUse | null> {
  return (await listMetricUsesWhere(db, userId, eq(metrics.id, id)))[0] ?? null;
}
export async function metricUseByName(db: Db, userId: number, name: string): Promise<MetricUse | null> {
  return (await listMetricUsesWhere(db, userId, eq(metrics.name, name)))[0] ?? null;
}
function listMetricUsesWhere(db: Db, userId: number, where: SQL) {
  return db
    .select({
      id: metrics.id,
      name: metrics.name,
      entries: sql<number>`(SELECT count(*) FROM ${entryMetrics} WHERE ${entryMetrics.metricId} = metrics.id)`,
    })
    .from(metrics)
    .where(and(eq(metrics.userId, userId), where))
    .all();
}

/** The user's tag (or metric) of this id still exists: a guard for a batch's statements. */
const tagThere = (userId: number, id: number) =>
  sql`EXISTS (SELECT 1 FROM ${tags} WHERE ${tags.id} = ${id} AND ${tags.userId} = ${userId})`;
const metricThere = (userId: number, id: number) =>
  sql`EXISTS (SELECT 1 FROM ${metrics} WHERE ${metrics.id} = ${id} AND ${metrics.userId} = ${userId})`;

// ---- fingerprints -------------------------------------------------------------------------------

/** Entries read a page at a time for their new fingerprints: bounded memory per read. */
const FINGERPRINT_PAGE = 125;
/** [id, modifiedAt, fingerprint] rows per UPDATE, bound as one JSON parameter (about 60 bytes a row). */
const FINGERPRINT_CHUNK = 250;

interface Content {
  tags: string[];
  metrics: { name: string; value: number }[];
}

/**
 * Statements that set new fingerprints on the user's entries `which` picks,
 * their content changed by `change` (a tag or a metric renamed or dropped).
 * Read before the batch; each row is written only if the entry was not
 * modified since it was read (a write racing this one computed its own).
 */
async function fingerprintStatements(
  db: Db,
  userId: number,
  which: SQL,
  change: (c: Content) => Content,
  guard: SQL,
): Promise<Statement[]> {
  return (await fingerprintPart(db, userId, which, change, guard)).statements;
}

/**
 * The same for a part: the first `limit` of those entries after the id `after`, by id; with the ids read,
 * whose links the part's other statements change.
 */
async function fingerprintPart(
  db: Db,
  userId: number,
  which: SQL,
  change: (c: Content) => Content,
  guard: SQL,
  { after = 0, limit = Number.POSITIVE_INFINITY }: { after?: number; limit?: number } = {},
): Promise<{ statements: Statement[]; ids: number[] }> {
  const rows: [number, number, string][] = [];
  for (;;) {
    const page = await db
      .select({
        id: entries.id,
        text: entries.text,
        modifiedAt: entries.modifiedAt,
        tags: sql<string>`(SELECT json_group_array(${tags.name}) FROM ${entryTags} JOIN ${tags} ON ${tags.id} = ${entryTags.tagId}
          WHERE ${entryTags.entryId} = entries.id)`,
        metrics: sql<string>`(SELECT json_group_array(json_object('name', ${metrics.name}, 'value', ${entryMetrics.value}))
          FROM ${entryMetrics} JOIN ${metrics} ON ${metrics.id} = ${entryMetrics.metricId} WHERE ${entryMetrics.entryId} = entries.id)`,
      })
      .from(entries)
      .where(and(eq(entries.userId, userId), gt(entries.id, after), which))
      .orderBy(asc(entries.id))
      .limit(Math.min(FINGERPRINT_PAGE, limit - rows.length))
      .all();
    for (const e of page) {
      const next = change({ tags: JSON.parse(e.tags), metrics: JSON.parse(e.metrics) });
      rows.push([e.id, e.modifiedAt, await entryFingerprint(e.text, next.tags, next.metrics)]);
    }
    const last = page.at(-1);
    if (!last || page.length < FINGERPRINT_PAGE || rows.length >= limit) break;
    after = last.id;
  }
  const out: Statement[] = [];
  for (let i = 0; i < rows.length; i += FINGERPRINT_CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + FINGERPRINT_CHUNK));
    // Each row of the list finds its entry by id. The account's index is kept out of the plan (`+`): SQLite,
    // without statistics, would walk the account's entries and the whole list for each (seconds for 1,000).
    out.push(
      db
        .update(entries)
        .set({ fingerprint: sql`r.value ->> '$[2]'` })
        .from(sql`json_each(${chunk}) AS r`)
        .where(
          and(
            sql`${entries.id} = r.value ->> '$[0]'`,
            sql`+${entries.userId} = ${userId}`,
            sql`${entries.modifiedAt} = r.value ->> '$[1]'`,
            guard,
          ),
        ),
    );
  }
  return { statements: out, ids: rows.map(([id]) => id) };
}

const withTag = (tagId: number) =>
  sql`${entries.id} IN (SELECT ${entryTags.entryId} FROM ${entryTags} WHERE ${entryTags.tagId} = ${tagId})`;
const withMetric = (metricId: number) =>
  sql`${entries.id} IN (SELECT ${entryMetrics.entryId} FROM ${entryMetrics} WHERE ${entryMetrics.metricId} = ${metricId})`;

const renameTagIn = (from: string, to: string) => (c: Content) => ({
  ...c,
  tags: [...new Set(c.tags.map((t) => (t === from ? to : t)))],
});
const renameMetricIn = (from: string, to: string) => (c: Content) => ({
  ...c,
  metrics: c.metrics.map((m) => (m.name === from ? { ...m, name: to } : m)),
});
const dropTagIn = (name: string) => (c: Content) => ({ ...c, tags: c.tags.filter((t) => t !== name) });
const dropMetricIn = (name: string) => (c: Content) => ({ ...c, metrics: c.metrics.filter((m) => m.name !== name) });

/** The user's tag (or metric) of this id has this name: a rename's guard, and its later parts'. */
const tagNamed = (id: number, name: string) =>
  sql`EXISTS (SELECT 1 FROM ${tags} WHERE ${tags.id} = ${id} AND ${tags.name} = ${name})`;
const metricNamed = (id: number, name: string) =>
  sql`EXISTS (SELECT 1 FROM ${metrics} WHERE ${metrics.id} = ${id} AND ${metrics.name} = ${name})`;

/** A batch of statements whose number depends on the data; its last result is the rows a `returning` gave. */
async function batchEndingInReturning(db: Db, list: Statement[]): Promise<boolean> {
  const results = (await db.batch(list as [Statement, ...Statement[]])) as unknown[];
  return (results.at(-1) as unknown[]).length > 0;
}

// ---- stack items ---------------------------------------------------------------------------------

/**
 * Renames a tag in every filter of the user's stack items that names it, in
 * place and in order; a filter that then names a tag twice with the same
 * `not` keeps the first. One statement, a fixed number of parameters.
 */
function renameInFilters(db: Db, userId: number, from: string, to: string, guard: SQL): Statement {
  const name = sql`json_extract(f.value, '$.name')`;
  return db
    .update(stackItems)
    .set({
      config: sql`json_set(stack_items.config, '$.filter', (
        SELECT json_group_array(json_object('not', json(CASE WHEN n THEN 'true' ELSE 'false' END), 'name', nm))
        FROM (SELECT coalesce(json_extract(f.value, '$.not'), 0) AS n,
                     CASE WHEN ${name} = ${from} THEN ${to} ELSE ${name} END AS nm, min(f.key) AS k
              FROM json_each(stack_items.config, '$.filter') AS f GROUP BY n, nm ORDER BY k)))`,
    })
    .where(
      and(
        eq(stackItems.userId, userId),
        sql`EXISTS (SELECT 1 FROM json_each(stack_items.config, '$.filter') AS f WHERE ${name} = ${from})`,
        guard,
      ),
    );
}

/** Points the user's stack items that use metric `from` at `to` (null: none). */
function repointMetric(db: Db, userId: number, from: number, to: number | null, guard: SQL): Statement {
  return db
    .update(stackItems)
    .set({ config: sql`json_set(stack_items.config, '$.metricId', ${to === null ? sql`json('null')` : to})` })
    .where(and(eq(stackItems.userId, userId), sql`json_extract(stack_items.config, '$.metricId') = ${from}`, guard));
}

// ---- tags ----------------------------------------------------------------------------------------

/**
 * Renames a tag onto a name no tag of the user has. False when the batch did
 * not rename it: the tag is gone, or a tag of that name appeared meanwhile.
 */
export async function renameTag(
  db: Db,
  userId: number,
  tag: TagUse,
  name: string,
): Promise<{ renamed: boolean; after: number | null }> {
  const free = sql`NOT EXISTS (SELECT 1 FROM ${tags} WHERE ${tags.userId} = ${userId} AND ${tags.name} = ${name})`;
  const renamed = tagNamed(tag.id, name);
  const part = await fingerprintPart(db, userId, withTag(tag.id), renameTagIn(tag.name, name), renamed, PART);
  const [done] = await db.batch([
    db
      .update(tags)
      .set({ name })
      .where(and(eq(tags.id, tag.id), eq(tags.userId, userId), free))
      .returning({ id: tags.id }),
    renameInFilters(db, userId, tag.name, name, renamed),
    ...part.statements,
  ]);
  return { renamed: done.length > 0, after: afterPart(part.ids) };
}

/**
 * Merges tag `from` into tag `into`: every entry, person and timer tagged
 * `from` is tagged `into` (once), `from` goes, filters naming `from` name
 * `into`, and `into`'s use count is recounted. False when either tag was gone.
 * (A saved timer is final, its row never updated: a link of its own moves, the
 * row stays as it was.)
 */
export async function mergeTag(db: Db, userId: number, from: TagUse, into: TagUse): Promise<boolean> {
  const both = sql`${tagThere(userId, from.id)} AND ${tagThere(userId, into.id)}`;
  const fingerprints = await fingerprintStatements(
    db,
    userId,
    withTag(from.id),
    renameTagIn(from.name, into.name),
    both,
  );
  const results = await db.batch([
    db
      .insert(entryTags)
      .select(
        db
          .select({ entryId: entryTags.entryId, tagId: sql<number>`${into.id}`.as("tag_id") })
          .from(entryTags)
          .where(and(eq(entryTags.tagId, from.id), both)),
      )
      .onConflictDoNothing(),
    db
      .insert(personTags)
      .select(
        db
          .select({ personId: personTags.personId, tagId: sql<number>`${into.id}`.as("tag_id") })
          .from(personTags)
          .where(and(eq(personTags.tagId, from.id), both)),
      )
      .onConflictDoNothing(),
    db
      .insert(timerTags)
      .select(
        db
          .select({ timerId: timerTags.timerId, tagId: sql<number>`${into.id}`.as("tag_id") })
          .from(timerTags)
          .where(and(eq(timerTags.tagId, from.id), both)),
      )
      .onConflictDoNothing(),
    renameInFilters(db, userId, from.name, into.name, both),
    ...fingerprints,
    db
      .delete(tags)
      .where(and(eq(tags.id, from.id), eq(tags.userId, userId), tagThere(userId, into.id)))
      .returning({ id: tags.id }),
    db
      .update(tags)
      .set({
        useCount: sql`(SELECT count(*) FROM ${entryTags} WHERE ${entryTags.tagId} = ${tags.id})`,
        lastUsedAt: sql`(SELECT max(${entries.date}) FROM ${entryTags} JOIN ${entries} ON ${entries.id} = ${entryTags.entryId}
          WHERE ${entryTags.tagId} = ${tags.id})`,
      })
      .where(and(eq(tags.id, into.id), eq(tags.userId, userId))),
  ]);
  const deleted = results[results.length - 2] as { id: number }[];
  return deleted.length > 0;
}

/** Deletes a tag: it leaves every entry, person and timer (they stay). False when it was gone. */
export async function deleteTag(db: Db, userId: number, tag: TagUse): Promise<boolean> {
  const fingerprints = await fingerprintStatements(
    db,
    userId,
    withTag(tag.id),
    dropTagIn(tag.name),
    tagThere(userId, tag.id),
  );
  return batchEndingInReturning(db, [
    ...fingerprints,
    db
      .delete(tags)
      .where(and(eq(tags.id, tag.id), eq(tags.userId, userId)))
      .returning({ id: tags.id }),
  ]);
}

// ---- in parts ------------------------------------------------------------------------------------

/** A part of a name's entries: at most NAMES_PART_ENTRIES a request (the route answers `more`). */
const PART = { limit: NAMES_PART_ENTRIES };
/** The last entry of a part when the part was full (more may follow), or null: none left. */
const afterPart = (ids: number[]) => (ids.length >= NAMES_PART_ENTRIES ? (ids.at(-1) ?? null) : null);
/** A column among a part's entries, the ids one JSON parameter. */
const inPart = (column: typeof entryTags.entryId | typeof entryMetrics.entryId, ids: number[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
/** The tags' use counts counted again from their links (the index on entry_tags' tag_id). */
const recountTags = (db: Db, ids: number[]) =>
  db
    .update(tags)
    .set({ useCount: sql`(SELECT count(*) FROM ${entryTags} WHERE ${entryTags.tagId} = ${tags.id})` })
    .where(inArray(tags.id, ids));

/**
 * The fingerprints of a renamed name's entries (`which`) after `after`, a part of them, made again from
 * what they hold now (the name already the new one, `still` the guard that it is): a rename on more
 * entries than a part goes on this way. The next part's `after`, or null when none is left.
 */
async function refreshPart(db: Db, userId: number, which: SQL, still: SQL, after: number): Promise<number | null> {
  const part = await fingerprintPart(db, userId, which, (c) => c, still, { ...PART, after });
  if (part.statements.length) await db.batch(part.statements as [Statement, ...Statement[]]);
  return afterPart(part.ids);
}
export const refreshTagPart = (db: Db, userId: number, tag: TagUse, after: number) =>
  refreshPart(db, userId, withTag(tag.id), tagNamed(tag.id, tag.name), after);
export const refreshMetricPart = (db: Db, userId: number, metric: MetricUse, after: number) =>
  refreshPart(db, userId, withMetric(metric.id), metricNamed(metric.id, metric.name), after);

/**
 * A part of a merge of a tag on more entries than a part: the first of `from`'s entries get `into`
 * instead, their fingerprints made again, and both tags' counts with them. The merge ends (mergeTag) once
 * what is left fits one request.
 */
export async function mergeTagPart(db: Db, userId: number, from: TagUse, into: TagUse): Promise<void> {
  const both = sql`${tagThere(userId, from.id)} AND ${tagThere(userId, into.id)}`;
  const part = await fingerprintPart(db, userId, withTag(from.id), renameTagIn(from.name, into.name), both, PART);
  if (!part.ids.length) return;
  const moving = and(eq(entryTags.tagId, from.id), inPart(entryTags.entryId, part.ids), both);
  await db.batch([
    db
      .insert(entryTags)
      .select(
        db
          .select({ entryId: entryTags.entryId, tagId: sql<number>`${into.id}`.as("tag_id") })
          .from(entryTags)
          .where(moving),
      )
      .onConflictDoNothing(),
    db.delete(entryTags).where(moving),
    ...part.statements,
    recountTags(db, [from.id, into.id]),
  ]);
}

/** A part of a delete of a tag on more entries than a part: it leaves the first of them, fingerprints made again. */
export async function deleteTagPart(db: Db, userId: number, tag: TagUse): Promise<void> {
  const there = tagThere(userId, tag.id);
  const part = await fingerprintPart(db, userId, withTag(tag.id), dropTagIn(tag.name), there, PART);
  if (!part.ids.length) return;
  await db.batch([
    db.delete(entryTags).where(and(eq(entryTags.tagId, tag.id), inPart(entryTags.entryId, part.ids), there)),
    ...part.statements,
    recountTags(db, [tag.id]),
  ]);
}

// ---- metrics -------------------------------------------------------------------------------------

/** Values of a metric that could not be the special metric `name` ('mood' 1–5 whole, 'duration' ≥ 0). */
export async function misfits(db: Db, metricId: number, name: string): Promise<number> {
  const bad =
    name === "mood"
      ? sql`NOT (${entryMetrics.value} BETWEEN 1 AND 5 AND ${entryMetrics.value} = CAST(${entryMetrics.value} AS INTEGER))`
      : name === "duration"
        ? sql`${entryMetrics.value} < 0`
        : null;
  if (!bad) return 0;
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(entryMetrics)
    .where(and(eq(entryMetrics.metricId, metricId), bad))
    .get();
  return row?.n ?? 0;
}

/** Entries with a value of both metrics. */
export async function entriesWithBoth(db: Db, a: number, b: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(entryMetrics)
    .where(
      and(
        eq(entryMetrics.metricId, a),
        sql`EXISTS (SELECT 1 FROM entry_metrics AS o WHERE o.entry_id = ${entryMetrics.entryId} AND o.metric_id = ${b})`,
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** Renames a metric onto a name the user has no metric of. False when the batch did not. */
export async function renameMetric(
  db: Db,
  userId: number,
  metric: MetricUse,
  name: string,
): Promise<{ renamed: boolean; after: number | null }> {
  const free = sql`NOT EXISTS (SELECT 1 FROM ${metrics} WHERE ${metrics.userId} = ${userId} AND ${metrics.name} = ${name})`;
  const part = await fingerprintPart(
    db,
    userId,
    withMetric(metric.id),
    renameMetricIn(metric.name, name),
    metricNamed(metric.id, name),
    PART,
  );
  const [done] = await db.batch([
    db
      .update(metrics)
      .set({ name })
      .where(and(eq(metrics.id, metric.id), eq(metrics.userId, userId), free))
      .returning({ id: metrics.id }),
    ...part.statements,
  ]);
  return { renamed: done.length > 0, after: afterPart(part.ids) };
}

/** A part of a merge of a metric on more entries than a part: the first of `from`'s values become `into`'s. */
export async function mergeMetricPart(db: Db, userId: number, from: MetricUse, into: MetricUse): Promise<void> {
  const noneWithBoth = sql`NOT EXISTS (SELECT 1 FROM entry_metrics AS a JOIN entry_metrics AS b ON a.entry_id = b.entry_id
    WHERE a.metric_id = ${from.id} AND b.metric_id = ${into.id})`;
  const guard = sql`${metricThere(userId, from.id)} AND ${metricThere(userId, into.id)} AND ${noneWithBoth}`;
  const part = await fingerprintPart(
    db,
    userId,
    withMetric(from.id),
    renameMetricIn(from.name, into.name),
    guard,
    PART,
  );
  if (!part.ids.length) return;
  await db.batch([
    db
      .update(entryMetrics)
      .set({ metricId: into.id })
      .where(and(eq(entryMetrics.metricId, from.id), inPart(entryMetrics.entryId, part.ids), guard)),
    ...part.statements,
  ]);
}

/** A part of a delete of a metric on more entries than a part: the first of its values leave their entries. */
export async function deleteMetricPart(db: Db, userId: number, metric: MetricUse): Promise<void> {
  const there = metricThere(userId, metric.id);
  const part = await fingerprintPart(db, userId, withMetric(metric.id), dropMetricIn(metric.name), there, PART);
  if (!part.ids.length) return;
  await db.batch([
    db
      .delete(entryMetrics)
      .where(and(eq(entryMetrics.metricId, metric.id), inPart(entryMetrics.entryId, part.ids), there)),
    ...part.statements,
  ]);
}

/**
 * Merges metric `from` into `into`: every value of `from` becomes a value of
 * `into`, stack items using `from` use `into`, and `from` goes. The route has
 * refused a merge when an entry has both (DESIGN: a merge never sums or drops a
 * value); the batch checks it again, and deletes `from` only when none of its
 * values is left, so a value written meanwhile on an entry with both is never
 * lost. False when nothing was merged.
 */
export async function mergeMetric(db: Db, userId: number, from: MetricUse, into: MetricUse): Promise<boolean> {
  const noneWithBoth = sql`NOT EXISTS (SELECT 1 FROM entry_metrics AS a JOIN entry_metrics AS b ON a.entry_id = b.entry_id
    WHERE a.metric_id = ${from.id} AND b.metric_id = ${into.id})`;
  const both = sql`${metricThere(userId, from.id)} AND ${metricThere(userId, into.id)}`;
  const emptied = sql`NOT EXISTS (SELECT 1 FROM entry_metrics AS a WHERE a.metric_id = ${from.id})`;
  const fingerprints = await fingerprintStatements(
    db,
    userId,
    withMetric(from.id),
    renameMetricIn(from.name, into.name),
    sql`${both} AND ${noneWithBoth}`,
  );
  return batchEndingInReturning(db, [
    ...fingerprints,
    db
      .update(entryMetrics)
      .set({ metricId: into.id })
      .where(and(eq(entryMetrics.metricId, from.id), both, noneWithBoth)),
    repointMetric(db, userId, from.id, into.id, sql`${both} AND ${emptied}`),
    db
      .delete(metrics)
      .where(and(eq(metrics.id, from.id), eq(metrics.userId, userId), metricThere(userId, into.id), emptied))
      .returning({ id: metrics.id }),
  ]);
}

/** Deletes a metric: its values leave their entries (which stay); stack items using it use none. */
export async function deleteMetric(db: Db, userId: number, metric: MetricUse): Promise<boolean> {
  const fingerprints = await fingerprintStatements(
    db,
    userId,
    withMetric(metric.id),
    dropMetricIn(metric.name),
    metricThere(userId, metric.id),
  );
  return batchEndingInReturning(db, [
    ...fingerprints,
    repointMetric(db, userId, metric.id, null, metricThere(userId, metric.id)),
    db
      .delete(metrics)
      .where(and(eq(metrics.id, metric.id), eq(metrics.userId, userId)))
      .returning({ id: metrics.id }),
  ]);
}
