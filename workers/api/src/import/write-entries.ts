import type { ImportCount } from "@nook/shared/import/schemas";
import { sql } from "drizzle-orm";
import { entryFingerprint } from "../journal/fingerprint.ts";
import type { Db } from "../platform/db.ts";
import type { ImportedEntry } from "./imported-entry.ts";

/** Keys looked up a statement at a time (one JSON parameter each, well under D1's 2 MB a value). */
const KEYS_A_STATEMENT = 2_000;
/**
 * Tag and metric names looked up and created a statement at a time: a file may name up to a million
 * (EXPORT_TAGS_MAX), and D1 takes at most 1,000 queries a request, so many a statement, within JSON_A_STATEMENT.
 */
const NAMES_A_STATEMENT = 100_000;
/** Entries written a batch at a time: a batch lands whole or not at all. */
const ENTRIES_A_BATCH = 5_000;
/**
 * At most about this many characters of JSON a parameter (an entry's text may be 10,000 characters): a
 * character is at most 3 bytes of UTF-8, so a parameter stays under D1's 2,000,000 bytes a value, whatever
 * the file's script.
 */
export const JSON_A_STATEMENT = 600_000;

/** One content at one instant, and how many times the file holds it. */
interface Planned {
  date: number;
  fingerprint: string;
  text: string;
  tags: string[];
  metrics: { name: string; value: number }[];
  inFile: number;
  /** How many the user has already: the import adds inFile − present, if more. */
  present: number;
  /**
   * Each copy's own modification time, in the file's order (undefined: a file without them, the import's
   * time); once planned, those of the copies to add: the account's copies take the file's of their time first.
   */
  modifiedAts: (number | undefined)[];
}

export interface EntryPlan {
  entries: ImportCount;
  tags: ImportCount;
  metrics: ImportCount;
  /** Each content to add, once a copy. */
  toAdd: Planned[];
}

/** A list in consecutive parts of at most `size`. */
export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * A list in consecutive parts of at most `rows` rows and `size` characters of JSON each (a longer row
 * alone: no row of an import is near it), so each part is one parameter D1 takes.
 */
export function jsonParts<T>(list: T[], rows: number, size = JSON_A_STATEMENT): T[][] {
  const out: T[][] = [];
  let chars = 0;
  for (const row of list) {
    const n = JSON.stringify(row).length + 1;
    const last = out.at(-1);
    if (!last || last.length >= rows || chars + n > size) {
      out.push([row]);
      chars = n;
    } else {
      last.push(row);
      chars += n;
    }
  }
  return out;
}

/**
 * The modification times of the copies to add, `count` of them: the file's copies less those the account
 * has already (one of the account's copies stands for a copy of the file with its time, when there is
 * one), in the file's order. So identical entries keep each its own time through an export and an import.
 */
function copiesToAdd(file: (number | undefined)[], account: number[], count: number) {
  const left = [...file];
  for (const at of account) {
    const i = left.indexOf(at);
    if (i !== -1) left.splice(i, 1);
  }
  return left.slice(0, count);
}

/**
 * What importing these entries would do. An entry is identified by its
 * content and instant (the journal's fingerprint of text, tags and metrics,
 * and its date), not by an id: the file's copies of one are counted against
 * the user's, and only the difference is added. So importing a file twice
 * adds nothing the second time, and an export imported into an empty account
 * gives back every entry, identical ones included.
 */
export async function planEntries(
  db: Db,
  userId: number,
  imported: ImportedEntry[],
  names?: { tags: string[]; metrics: string[] },
): Promise<EntryPlan> {
  const byKey = new Map<string, Planned>();
  for (const e of imported) {
    const fingerprint = await entryFingerprint(e.text, e.tags, e.metrics);
    const key = `${e.date} ${fingerprint}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.inFile += 1;
      seen.modifiedAts.push(e.modifiedAt);
    } else
      byKey.set(key, {
        date: e.date,
        fingerprint,
        text: e.text,
        tags: e.tags,
        metrics: e.metrics,
        inFile: 1,
        present: 0,
        modifiedAts: [e.modifiedAt],
      });
  }
  const planned = [...byKey.values()];
  const tagNames = [...new Set([...(names?.tags ?? []), ...planned.flatMap((p) => p.tags)])];
  const metricNames = [
    ...new Set([...(names?.metrics ?? []), ...planned.flatMap((p) => p.metrics.map((m) => m.name))]),
  ];

  // The account's copies of each content at its instant: how many, and their modification times.
  const presence = chunks(planned, KEYS_A_STATEMENT).map((part) =>
    db.all<{ n: number; m: string }>(sql`SELECT count(e.id) AS n, json_group_array(e.modified_at) AS m
      FROM json_each(${JSON.stringify(part.map((p) => [p.date, p.fingerprint]))}) j
      LEFT JOIN entries e ON e.user_id = ${userId}
        AND e.date = json_extract(j.value, '$[0]') AND e.fingerprint = json_extract(j.value, '$[1]')
      GROUP BY j.key ORDER BY j.key`),
  );
  const known = (table: "tags" | "metrics", names: string[]) =>
    jsonParts(names, NAMES_A_STATEMENT).map((part) =>
      db.all<{ name: string }>(
        sql`SELECT name FROM ${sql.identifier(table)} WHERE user_id = ${userId} AND name IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      ),
    );
  const counts = await Promise.all(presence);
  counts.flat().forEach((row, i) => {
    const p = planned[i];
    if (!p) return;
    p.present = Math.min(row.n, p.inFile);
    // The LEFT JOIN gives a content the account lacks one row of nulls.
    const account = (JSON.parse(row.m) as (number | null)[]).filter((at) => at !== null);
    p.modifiedAts = copiesToAdd(p.modifiedAts, account, p.inFile - p.present);
  });
  const [tagsKnown, metricsKnown] = await Promise.all([
    Promise.all(known("tags", tagNames)),
    Promise.all(known("metrics", metricNames)),
  ]);
  const toAdd = planned.filter((p) => p.inFile > p.present);
  const newTags = new Set([...(names?.tags ?? []), ...toAdd.flatMap((p) => p.tags)]);
  for (const { name } of tagsKnown.flat()) newTags.delete(name);
  const newMetrics = new Set([...(names?.metrics ?? []), ...toAdd.flatMap((p) => p.metrics.map((m) => m.name))]);
  for (const { name } of metricsKnown.flat()) newMetrics.delete(name);
  const added = toAdd.reduce((n, p) => n + p.inFile - p.present, 0);
  return {
    entries: { added, present: imported.length - added },
    tags: { added: newTags.size, present: tagNames.length - newTags.size },
    metrics: { added: newMetrics.size, present: metricNames.length - newMetrics.size },
    toAdd,
  };
}

/** Creates the user's tags, and metric names, of a JSON list (?2) that are missing (?1 the user), in the list's order. */
const CREATE_TAGS = `INSERT INTO tags (user_id, name, use_count, last_used_at)
  SELECT ?1, value, 0, NULL FROM json_each(?2) WHERE true ON CONFLICT DO NOTHING`;
const CREATE_METRICS =
  "INSERT INTO metrics (user_id, name) SELECT ?1, value FROM json_each(?2) WHERE true ON CONFLICT DO NOTHING";

/** Creates the user's tags and metric names that are missing, in the order given (a Nook export's, by id). */
export async function writeNames(d1: D1Database, userId: number, tags: string[], metrics: string[]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const part of jsonParts(tags, NAMES_A_STATEMENT))
    statements.push(d1.prepare(CREATE_TAGS).bind(userId, JSON.stringify(part)));
  for (const part of jsonParts(metrics, NAMES_A_STATEMENT))
    statements.push(d1.prepare(CREATE_METRICS).bind(userId, JSON.stringify(part)));
  if (statements.length) await d1.batch(statements);
}

/**
 * The id the `j`-th row of a JSON list (`json_each`, `j.key` from 0) got
 * when the statement before inserted them all into `table`: a batch is one
 * transaction and ids are handed out in order, so the list's rows are the
 * table's newest, in the list's order.
 */
export const insertedRowId = (table: string, list: string) =>
  `((SELECT max(id) FROM ${table}) - json_array_length(${list}) + 1 + j.key)`;

/**
 * Writes a plan's entries, a batch at a time (each batch lands whole or not
 * at all): the batch's tags and metrics created, its entries inserted from one
 * JSON parameter, then linked to their tags and metric values (each row's id
 * is its place in the list: insertedRowId), and its tags' use counts
 * recounted. A batch that fails leaves the earlier ones written; importing
 * the file again adds only what is missing.
 */
export async function writeEntries(d1: D1Database, userId: number, plan: EntryPlan): Promise<void> {
  const now = Date.now();
  const rows = plan.toAdd.flatMap((p) => {
    const row = {
      d: p.date,
      f: p.fingerprint,
      x: p.text,
      t: p.tags,
      m: p.metrics.map((m) => [m.name, m.value]),
    };
    // A copy a row, each with its own modification time.
    return p.modifiedAts.map((at) => ({ ...row, o: at ?? now }));
  });
  const batches: (typeof rows)[] = [];
  let size = 0;
  for (const row of rows) {
    const bytes = JSON.stringify(row).length;
    const last = batches.at(-1);
    if (!last || last.length >= ENTRIES_A_BATCH || size + bytes > JSON_A_STATEMENT) {
      batches.push([row]);
      size = bytes;
    } else {
      last.push(row);
      size += bytes;
    }
  }
  const id = insertedRowId("entries", "?2");
  for (const part of batches) {
    const json = JSON.stringify(part);
    const tags = JSON.stringify([...new Set(part.flatMap((r) => r.t))]);
    const metrics = JSON.stringify([...new Set(part.flatMap((r) => r.m.map(([name]) => name)))]);
    const statements: [string, ...unknown[]][] = [
      [CREATE_TAGS, userId, tags],
      [CREATE_METRICS, userId, metrics],
      [
        `INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
          SELECT ?1, j.value ->> '$.x', j.value ->> '$.d', j.value ->> '$.o', j.value ->> '$.f' FROM json_each(?2) j`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO entry_tags (entry_id, tag_id)
          SELECT ${id}, t.id FROM json_each(?2) j JOIN json_each(j.value, '$.t') jt
          JOIN tags t ON t.user_id = ?1 AND t.name = jt.value`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO entry_metrics (entry_id, metric_id, value)
          SELECT ${id}, m.id, jm.value ->> '$[1]' FROM json_each(?2) j JOIN json_each(j.value, '$.m') jm
          JOIN metrics m ON m.user_id = ?1 AND m.name = jm.value ->> '$[0]'`,
        userId,
        json,
      ],
      [
        `UPDATE tags SET
          use_count = (SELECT count(*) FROM entry_tags WHERE entry_tags.tag_id = tags.id),
          last_used_at = (SELECT max(entries.date) FROM entry_tags JOIN entries ON entries.id = entry_tags.entry_id
            WHERE entry_tags.tag_id = tags.id)
          WHERE user_id = ?1 AND name IN (SELECT value FROM json_each(?2))`,
        userId,
        tags,
      ],
    ];
    await d1.batch(statements.map(([q, ...values]) => d1.prepare(q).bind(...values)));
  }
}
