import type { StatEntry } from "@nook/shared/stacks/item-data";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { entries, entryMetrics, entryTags, metrics, tags } from "./schema.ts";

/** An entry as the spec shows it (section 3), plus the cursor of the row for paging. */
export interface EntryOut {
  id: number;
  text: string;
  date: string;
  modifiedAt: string;
  tags: { id: number; name: string }[];
  metrics: { id: number; name: string; value: number }[];
  isLifted: boolean;
  totalLifts: number;
  /** Pass as `before` to get the rows after this one. */
  cursor: string;
}

/**
 * The JSON arrays SELECT_ENTRIES builds with json_group_array, read back: the
 * one place their shape is stated. A timer's tags are built the same way.
 */
export function tagList(json: string): EntryOut["tags"] {
  return JSON.parse(json);
}
function metricList(json: string): EntryOut["metrics"] {
  return JSON.parse(json);
}

interface RawRow {
  id: number;
  text: string;
  date: number;
  modifiedAt: number;
  fingerprint: string;
  tags: string;
  metrics: string;
}

export interface Position {
  date: number;
  id: number | null;
}

/** An entry's tags, by name, as a JSON array (of the outer query's `entries` row). */
const TAGS_JSON = sql<string>`(SELECT json_group_array(json_object('id', t.id, 'name', t.name)) FROM
     (SELECT ${tags.id} AS id, ${tags.name} AS name FROM ${entryTags} JOIN ${tags} ON ${tags.id} = ${entryTags.tagId}
      WHERE ${entryTags.entryId} = ${entries.id} ORDER BY ${tags.name}) t)`;
/** An entry's metric values, by metric name, as a JSON array. */
const METRICS_JSON = sql<string>`(SELECT json_group_array(json_object('id', m.id, 'name', m.name, 'value', m.value)) FROM
     (SELECT ${metrics.id} AS id, ${metrics.name} AS name, ${entryMetrics.value} AS value
      FROM ${entryMetrics} JOIN ${metrics} ON ${metrics.id} = ${entryMetrics.metricId}
      WHERE ${entryMetrics.entryId} = ${entries.id} ORDER BY ${metrics.name}) m)`;

/** One round trip per page: the entries with their tags and metrics as JSON arrays. */
const SELECT_ENTRIES = sql`SELECT ${entries.id} AS id, ${entries.text} AS text, ${entries.date} AS date,
  ${entries.modifiedAt} AS modifiedAt, ${entries.fingerprint} AS fingerprint,
  ${TAGS_JSON} AS tags, ${METRICS_JSON} AS metrics
FROM ${entries}`;

function afterPosition(p: Position | undefined): SQL {
  if (!p) return sql``;
  // Row values keep the (date, id) order stable across equal timestamps and use the index.
  return p.id === null
    ? sql` AND ${entries.date} < ${p.date}`
    : sql` AND (${entries.date}, ${entries.id}) < (${p.date}, ${p.id})`;
}

/**
 * The query behind one page: a user's entries after a position, newest first,
 * with their tags and metrics. The benchmark runs this same query.
 */
export function entryPageQuery(userId: number, options: { after?: Position; limit: number; where?: SQL }): SQL {
  const where = options.where ? sql` AND ${options.where}` : sql``;
  return sql`${SELECT_ENTRIES} WHERE ${entries.userId} = ${userId}${where}${afterPosition(options.after)}
    ORDER BY ${entries.date} DESC, ${entries.id} DESC LIMIT ${options.limit}`;
}

/** An entry inside a statistic (spec 1 §3): the entry without the list's lift and paging fields. */
function toStatEntry(row: RawRow): StatEntry {
  return {
    id: row.id,
    text: row.text,
    date: new Date(row.date).toISOString(),
    modifiedAt: new Date(row.modifiedAt).toISOString(),
    tags: tagList(row.tags),
    metrics: metricList(row.metrics),
  };
}

/**
 * The entries a statistic picked, in its order: `withClause` defines a
 * `picked` table of ids of the user's entries, `order` sorts by its columns.
 * One round trip.
 */
export async function pickedEntries(db: Db, withClause: SQL, order: SQL): Promise<StatEntry[]> {
  const rows = await db.all<RawRow>(
    sql`${withClause} ${SELECT_ENTRIES} JOIN picked ON picked.id = ${entries.id} ORDER BY ${order}`,
  );
  return rows.map(toStatEntry);
}

function toEntry(head: RawRow, oldest: RawRow, count: number): EntryOut {
  return {
    id: head.id,
    text: head.text,
    date: new Date(head.date).toISOString(),
    modifiedAt: new Date(head.modifiedAt).toISOString(),
    tags: tagList(head.tags),
    metrics: metricList(head.metrics),
    isLifted: count > 1,
    totalLifts: count,
    cursor: `${new Date(oldest.date).toISOString()}~${oldest.id}`,
  };
}

/** The most rows one read of a page takes, however long the run of lifts it is in. */
const READ_AHEAD_MAX = 512;

/**
 * A page of a user's entries, newest first, runs of identical consecutive
 * entries collapsed into one row with `totalLifts`. Reads one row past the
 * page so a run is never cut at the page edge.
 */
export async function listEntries(
  db: Db,
  userId: number,
  options: { before?: Position; limit: number; where?: SQL },
): Promise<EntryOut[]> {
  const groups: { head: RawRow; oldest: RawRow; count: number }[] = [];
  let position = options.before;
  let chunk = 0;
  for (;;) {
    const want = options.limit + 1 - groups.length;
    // Rows that fold into a run fill no row of the page, so each read after the first takes at least
    // twice the last one's: a run of n lifts is about log2(n) reads, not n / 16.
    chunk = Math.min(Math.max(want, 16, chunk * 2), READ_AHEAD_MAX);
    const rows = await db.all<RawRow>(entryPageQuery(userId, { limit: chunk, after: position, where: options.where }));
    for (const row of rows) {
      const last = groups.at(-1);
      if (last && last.head.fingerprint === row.fingerprint) {
        last.count++;
        last.oldest = row;
      } else {
        groups.push({ head: row, oldest: row, count: 1 });
      }
    }
    const tail = rows.at(-1);
    if (rows.length < chunk || !tail || groups.length > options.limit) break;
    position = { date: tail.date, id: tail.id };
  }
  return groups.slice(0, options.limit).map((g) => toEntry(g.head, g.oldest, g.count));
}

/**
 * The read of one entry of a user (an id, or a subquery that finds it): a
 * query builder, so it can close a write's `db.batch` (a raw statement with
 * parameters cannot be batched) and the write and its answer are one round
 * trip. At most one row.
 */
export function entryRead(db: Db, userId: number, id: number | SQL) {
  return db
    .select({
      id: entries.id,
      text: entries.text,
      date: entries.date,
      modifiedAt: entries.modifiedAt,
      fingerprint: entries.fingerprint,
      // Wrapped: a select from one table writes the columns standing in a field's own SQL unqualified,
      // and the subqueries' "entries"."id" must stay qualified (else it reads as tags.id or metrics.id).
      tags: sql<string>`${TAGS_JSON}`,
      metrics: sql<string>`${METRICS_JSON}`,
    })
    .from(entries)
    .where(and(eq(entries.userId, userId), eq(entries.id, id)));
}

/** The entry of a row `entryRead` answered, or null for none. */
export function entryOf(row: RawRow | undefined): EntryOut | null {
  return row ? toEntry(row, row, 1) : null;
}

/**
 * One entry of a user, or null (also when it is another user's). A batch of
 * one: it is often a route's first read, and the session's check rides on it.
 */
export async function getEntry(db: Db, userId: number, id: number): Promise<EntryOut | null> {
  const [[row]] = await db.batch([entryRead(db, userId, id)]);
  return entryOf(row);
}
