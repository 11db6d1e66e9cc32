import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

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

/** One round trip per page: the entries with their tags and metrics as JSON. */
const SELECT_ENTRIES = sql`SELECT e.id, e.text, e.date, e.modified_at AS modifiedAt, e.fingerprint,
  (SELECT json_group_array(json_object('id', t.id, 'name', t.name)) FROM
     (SELECT t.id, t.name FROM entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id ORDER BY t.name) t) AS tags,
  (SELECT json_group_array(json_object('id', m.id, 'name', m.name, 'value', m.value)) FROM
     (SELECT m.id, m.name, em.value FROM entry_metrics em JOIN metrics m ON m.id = em.metric_id WHERE em.entry_id = e.id ORDER BY m.name) m) AS metrics
FROM entries e`;

function toEntry(head: RawRow, oldest: RawRow, count: number): EntryOut {
  return {
    id: head.id,
    text: head.text,
    date: new Date(head.date).toISOString(),
    modifiedAt: new Date(head.modifiedAt).toISOString(),
    tags: JSON.parse(head.tags) as EntryOut["tags"],
    metrics: JSON.parse(head.metrics) as EntryOut["metrics"],
    isLifted: count > 1,
    totalLifts: count,
    cursor: `${new Date(oldest.date).toISOString()}~${oldest.id}`,
  };
}

function afterPosition(p: Position | undefined): SQL {
  if (!p) return sql``;
  // Row values keep the (date, id) order stable across equal timestamps and use the index.
  return p.id === null ? sql` AND e.date < ${p.date}` : sql` AND (e.date, e.id) < (${p.date}, ${p.id})`;
}

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
  for (;;) {
    const want = options.limit + 1 - groups.length;
    const chunk = Math.max(want, 16);
    const rows = await db.all<RawRow>(
      sql`${SELECT_ENTRIES} WHERE e.user_id = ${userId}${options.where ? sql` AND ${options.where}` : sql``}${afterPosition(position)} ORDER BY e.date DESC, e.id DESC LIMIT ${chunk}`,
    );
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

/** One entry of a user, or null (also when it is another user's). */
export async function getEntry(db: Db, userId: number, id: number): Promise<EntryOut | null> {
  const row = await db.get<RawRow | undefined>(sql`${SELECT_ENTRIES} WHERE e.user_id = ${userId} AND e.id = ${id}`);
  return row ? toEntry(row, row, 1) : null;
}
