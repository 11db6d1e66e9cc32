import type { ImportCount } from "@nook/shared/import/schemas";
import { sql } from "drizzle-orm";
import { entryFingerprint } from "../journal/fingerprint.ts";
import type { Db } from "../platform/db.ts";
import type { ImportedEntry } from "./imported-entry.ts";

/** Keys looked up a statement at a time (one JSON parameter each, well under D1's 2 MB a value). */
const KEYS_A_STATEMENT = 2_000;
/** Entries written a batch at a time: a batch lands whole or not at all. */
const ENTRIES_A_BATCH = 5_000;
/** And at most about this much JSON a batch's parameter (an entry's text may be 10,000 characters). */
const JSON_A_BATCH = 1_000_000;

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
}

export interface EntryPlan {
  entries: ImportCount;
  tags: ImportCount;
  metrics: ImportCount;
  /** Each content to add, once a copy. */
  toAdd: Planned[];
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * What importing these entries would do. An entry is identified by its
 * content and instant (the journal's fingerprint of text, tags and metrics,
 * and its date), not by an id: the file's copies of one are counted against
 * the user's, and only the difference is added. So importing a file twice
 * adds nothing the second time, and an export imported into an empty account
 * gives back every entry, identical ones included.
 */
export async function planEntries(db: Db, userId: number, imported: ImportedEntry[]): Promise<EntryPlan> {
  const byKey = new Map<string, Planned>();
  for (const e of imported) {
    const fingerprint = await entryFingerprint(e.text, e.tags, e.metrics);
    const key = `${e.date} ${fingerprint}`;
    const seen = byKey.get(key);
    if (seen) seen.inFile += 1;
    else byKey.set(key, { ...e, fingerprint, inFile: 1, present: 0 });
  }
  const planned = [...byKey.values()];
  const tagNames = [...new Set(planned.flatMap((p) => p.tags))];
  const metricNames = [...new Set(planned.flatMap((p) => p.metrics.map((m) => m.name)))];

  const presence = chunks(planned, KEYS_A_STATEMENT).map((part) =>
    db.all<{ n: number }>(sql`SELECT (SELECT count(*) FROM entries e WHERE e.user_id = ${userId}
        AND e.date = json_extract(j.value, '$[0]') AND e.fingerprint = json_extract(j.value, '$[1]')) AS n
      FROM json_each(${JSON.stringify(part.map((p) => [p.date, p.fingerprint]))}) j ORDER BY j.key`),
  );
  const known = (table: "tags" | "metrics", names: string[]) =>
    chunks(names, KEYS_A_STATEMENT).map((part) =>
      db.all<{ name: string }>(
        sql`SELECT name FROM ${sql.identifier(table)} WHERE user_id = ${userId} AND name IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      ),
    );
  const counts = await Promise.all(presence);
  counts.flat().forEach((row, i) => {
    const p = planned[i];
    if (p) p.present = Math.min(row.n, p.inFile);
  });
  const [tagsKnown, metricsKnown] = await Promise.all([
    Promise.all(known("tags", tagNames)),
    Promise.all(known("metrics", metricNames)),
  ]);
  const toAdd = planned.filter((p) => p.inFile > p.present);
  const newTags = new Set(toAdd.flatMap((p) => p.tags));
  for (const { name } of tagsKnown.flat()) newTags.delete(name);
  const newMetrics = new Set(toAdd.flatMap((p) => p.metrics.map((m) => m.name)));
  for (const { name } of metricsKnown.flat()) newMetrics.delete(name);
  const added = toAdd.reduce((n, p) => n + p.inFile - p.present, 0);
  return {
    entries: { added, present: imported.length - added },
    tags: { added: newTags.size, present: tagNames.length - newTags.size },
    metrics: { added: newMetrics.size, present: metricNames.length - newMetrics.size },
    toAdd,
  };
}

/**
 * Writes a plan's entries, a batch at a time (each batch lands whole or not
 * at all): the batch's tags and metrics created, its entries inserted from one
 * JSON parameter, then linked to their tags and metric values by their
 * content and instant among this import's own rows, and its tags' use counts
 * recounted. A batch that fails leaves the earlier ones written; importing
 * the file again adds only what is missing.
 */
export async function writeEntries(d1: D1Database, userId: number, plan: EntryPlan): Promise<void> {
  // This import's rows carry its own modification time, so links never reach a row that was there before.
  const stamp = Date.now();
  const rows = plan.toAdd.flatMap((p) => {
    const row = { d: p.date, f: p.fingerprint, x: p.text, t: p.tags, m: p.metrics.map((m) => [m.name, m.value]) };
    return Array.from({ length: p.inFile - p.present }, () => row);
  });
  const batches: (typeof rows)[] = [];
  let size = 0;
  for (const row of rows) {
    const bytes = JSON.stringify(row).length;
    const last = batches.at(-1);
    if (!last || last.length >= ENTRIES_A_BATCH || size + bytes > JSON_A_BATCH) {
      batches.push([row]);
      size = bytes;
    } else {
      last.push(row);
      size += bytes;
    }
  }
  for (const part of batches) {
    const json = JSON.stringify(part);
    const tags = JSON.stringify([...new Set(part.flatMap((r) => r.t))]);
    const metrics = JSON.stringify([...new Set(part.flatMap((r) => r.m.map(([name]) => name)))]);
    // Links find this batch's rows by content and instant among this import's own (its modification time).
    const mine = `e.user_id = ?1 AND e.modified_at = ?2 AND e.date = json_extract(j.value, '$.d')
      AND e.fingerprint = json_extract(j.value, '$.f')`;
    const statements = [
      `INSERT INTO tags (user_id, name, use_count, last_used_at)
        SELECT ?1, value, 0, NULL FROM json_each(?4) WHERE true ON CONFLICT DO NOTHING`,
      `INSERT INTO metrics (user_id, name) SELECT ?1, value FROM json_each(?5) WHERE true ON CONFLICT DO NOTHING`,
      `INSERT INTO entries (user_id, text, date, modified_at, fingerprint)
        SELECT ?1, json_extract(j.value, '$.x'), json_extract(j.value, '$.d'), ?2, json_extract(j.value, '$.f')
        FROM json_each(?3) j`,
      `INSERT OR IGNORE INTO entry_tags (entry_id, tag_id)
        SELECT e.id, t.id FROM json_each(?3) j JOIN entries e ON ${mine}
        JOIN json_each(j.value, '$.t') jt JOIN tags t ON t.user_id = ?1 AND t.name = jt.value`,
      `INSERT OR IGNORE INTO entry_metrics (entry_id, metric_id, value)
        SELECT e.id, m.id, json_extract(jm.value, '$[1]') FROM json_each(?3) j JOIN entries e ON ${mine}
        JOIN json_each(j.value, '$.m') jm JOIN metrics m ON m.user_id = ?1 AND m.name = json_extract(jm.value, '$[0]')`,
      `UPDATE tags SET
          use_count = (SELECT count(*) FROM entry_tags WHERE entry_tags.tag_id = tags.id),
          last_used_at = (SELECT max(entries.date) FROM entry_tags JOIN entries ON entries.id = entry_tags.entry_id
            WHERE entry_tags.tag_id = tags.id)
        WHERE user_id = ?1 AND name IN (SELECT value FROM json_each(?4))`,
    ];
    // Parameters by number: each statement binds as many as the highest it names (D1 wants exactly those).
    const values = [userId, stamp, json, tags, metrics];
    const highest = (q: string) => Math.max(...[...q.matchAll(/\?(\d)/g)].map((m) => Number(m[1])));
    await d1.batch(statements.map((q) => d1.prepare(q).bind(...values.slice(0, highest(q)))));
  }
}
