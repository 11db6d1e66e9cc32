import type { ImportCount, ImportNames } from "@nook/shared/import/schemas";
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
  /** A Daylio row's content, whose mood may have changed since the account took it (ImportedEntry.moodOnly). */
  moodOnly: boolean;
  /**
   * The account's entries that are this content but for the mood (another, or none), at most inFile − present:
   * by id, and the fingerprint each had when planned. `changeMoods` sets their mood instead of adding as many
   * copies.
   */
  changes: { id: number; from: string }[];
}

export interface EntryPlan {
  entries: ImportCount;
  /** The names the rows use: those the account lacks, and those it has (ImportResult.names). */
  names: { tags: ImportNames; metrics: ImportNames };
  tags: ImportCount;
  metrics: ImportCount;
  /** The account's entries that are rows of the file but for their mood (Planned.changes). */
  moodsChanged: number;
  /** Whether their mood is changed to the file's; if not, the rows are added beside them. */
  changeMoods: boolean;
  /** Each content to add, once a copy (the copies less its `changes`, when their mood is changed). */
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

/** Whether two lists of names hold the same names. */
const sameNames = (a: string[], b: string[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

/**
 * The account's entries that are the file's Daylio rows but for their mood (Planned.changes): at the
 * instant of a row the account lacks, one with its text and tags whose only metric is a mood, or none, and
 * that no row of the file is as it is (those are `present`). A row finds at most as many as it lacks, in the
 * account's order. Only the instants of the rows it lacks are read: an import into an account without them
 * reads nothing, and a second import of a file, only what changed.
 */
async function findMoodChanges(
  db: Db,
  userId: number,
  planned: Planned[],
  byKey: Map<string, Planned>,
  importId: number | null,
) {
  const openAt = new Map<number, Planned[]>();
  for (const p of planned) {
    if (!p.moodOnly || p.inFile <= p.present) continue;
    const list = openAt.get(p.date);
    if (list) list.push(p);
    else openAt.set(p.date, [p]);
  }
  if (!openAt.size) return;
  // Each part's entries are matched as it comes, so their texts are let go of before the next: a file of
  // changed moods reads back as much text as it holds.
  const match = (rows: { id: number; d: number; f: string; x: string; t: string; m: string }[]) => {
    const claimed = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.d} ${row.f}`;
      const taken = claimed.get(key) ?? 0;
      if (taken < (byKey.get(key)?.present ?? 0)) {
        claimed.set(key, taken + 1);
        continue;
      }
      if ((JSON.parse(row.m) as string[]).some((name) => name !== "mood")) continue;
      const tags = JSON.parse(row.t) as string[];
      const p = openAt
        .get(row.d)
        ?.find((p) => p.changes.length < p.inFile - p.present && p.text === row.x && sameNames(tags, p.tags));
      p?.changes.push({ id: row.id, from: row.f });
    }
  };
  await Promise.all(
    chunks([...openAt.keys()], KEYS_A_STATEMENT).map((part) =>
      db
        .all<{ id: number; d: number; f: string; x: string; t: string; m: string }>(sql`SELECT e.id, e.date AS d,
            e.fingerprint AS f, e.text AS x,
            (SELECT json_group_array(t.name) FROM entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id) AS t,
            (SELECT json_group_array(m.name) FROM entry_metrics em JOIN metrics m ON m.id = em.metric_id
              WHERE em.entry_id = e.id) AS m
          FROM json_each(${JSON.stringify(part)}) j CROSS JOIN entries e ON e.user_id = ${userId} AND e.date = j.value
            AND coalesce(e.import_id, 0) != ${importId ?? -1}
          ORDER BY e.id`)
        .then(match),
    ),
  );
}

/**
 * What importing these entries would do. An entry is identified by its
 * content and instant (the journal's fingerprint of text, tags and metrics,
 * and its date), not by an id: the file's copies of one are counted against
 * the user's, and only the difference is added. So importing a file twice
 * adds nothing the second time, and an export imported into an empty account
 * gives back every entry, identical ones included. A Daylio row the account
 * holds but for its mood (findMoodChanges) is counted apart: with
 * `changeMoods` the import changes that entry's mood, otherwise it adds the row.
 */
export async function planEntries(
  db: Db,
  userId: number,
  imported: ImportedEntry[],
  names?: { tags: string[]; metrics: string[] },
  changeMoods = false,
  importId: number | null = null,
): Promise<EntryPlan> {
  const byKey = new Map<string, Planned>();
  for (const e of imported) {
    const fingerprint = await entryFingerprint(e.text, e.tags, e.metrics);
    const key = `${e.date} ${fingerprint}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.inFile += 1;
      seen.modifiedAts.push(e.modifiedAt);
      seen.moodOnly &&= e.moodOnly === true;
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
        moodOnly: e.moodOnly === true,
        changes: [],
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
        AND coalesce(e.import_id, 0) != ${importId ?? -1}
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
    findMoodChanges(db, userId, planned, byKey, importId),
  ]);
  const toAdd = planned.filter((p) => p.inFile > p.present);
  const newTags = new Set([...(names?.tags ?? []), ...toAdd.flatMap((p) => p.tags)]);
  for (const { name } of tagsKnown.flat()) newTags.delete(name);
  const newMetrics = new Set([...(names?.metrics ?? []), ...toAdd.flatMap((p) => p.metrics.map((m) => m.name))]);
  for (const { name } of metricsKnown.flat()) newMetrics.delete(name);
  const missing = toAdd.reduce((n, p) => n + p.inFile - p.present, 0);
  const moodsChanged = toAdd.reduce((n, p) => n + p.changes.length, 0);
  const knownTags = new Set(tagsKnown.flat().map((t) => t.name));
  const knownMetrics = new Set(metricsKnown.flat().map((m) => m.name));
  return {
    entries: { added: missing - (changeMoods ? moodsChanged : 0), present: imported.length - missing },
    tags: { added: newTags.size, present: tagNames.length - newTags.size },
    metrics: { added: newMetrics.size, present: metricNames.length - newMetrics.size },
    names: {
      tags: { added: [...newTags], present: tagNames.filter((n) => knownTags.has(n)) },
      metrics: { added: [...newMetrics], present: metricNames.filter((n) => knownMetrics.has(n)) },
    },
    moodsChanged,
    changeMoods,
    toAdd,
  };
}

/**
 * An import run's id as SQL: a number the database handed out (never a client's text), or NULL for a write
 * that is no run's. Every row an import inserts carries it (`import_id`), for "Undo this import".
 */
export const runSql = (importId: number | null) => (importId === null ? "NULL" : String(Math.trunc(importId)));

/** Creates the user's tags, and metric names, of a JSON list (?2) that are missing (?1 the user), in the list's order. */
const createTags = (importId: number | null) => `INSERT INTO tags (user_id, name, use_count, last_used_at, import_id)
  SELECT ?1, value, 0, NULL, ${runSql(importId)} FROM json_each(?2) WHERE true ON CONFLICT DO NOTHING`;
const createMetrics = (importId: number | null) => `INSERT INTO metrics (user_id, name, import_id)
  SELECT ?1, value, ${runSql(importId)} FROM json_each(?2) WHERE true ON CONFLICT DO NOTHING`;

/** The statements that create the user's tags and metric names that are missing, in the order given (a Nook export's, by id). */
export function nameStatements(
  d1: D1Database,
  userId: number,
  tags: string[],
  metrics: string[],
  importId: number | null,
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const part of jsonParts(tags, NAMES_A_STATEMENT))
    statements.push(d1.prepare(createTags(importId)).bind(userId, JSON.stringify(part)));
  for (const part of jsonParts(metrics, NAMES_A_STATEMENT))
    statements.push(d1.prepare(createMetrics(importId)).bind(userId, JSON.stringify(part)));
  return statements;
}

/**
 * The id the `j`-th row of a JSON list (`json_each`, `j.key` from 0) got
 * when the statement before inserted them all into `table`: a batch is one
 * transaction and ids are handed out in order, so the list's rows are the
 * table's newest, in the list's order. The id before the first is one
 * uncorrelated subquery, worked out once a statement: the list's length is
 * read there, not again for each row (a chunk's list is up to 256 KB).
 */
export const insertedRowId = (table: string, list: string) =>
  `((SELECT max(id) - json_array_length(${list}) FROM ${table}) + 1 + j.key)`;

/**
 * What a part's links add to each of its tags: the entries that have it, and the latest of their dates,
 * as `[name, entries, latest]`. Worked out here, from the rows the statements write, so the tags' update
 * reads one row a tag: counting the part's links again in SQL, for each tag, costs the part's entries
 * times its tags (a chunk of one day of 15,000 habits: over a minute).
 */
function tagUses(part: { d: number; t: string[] }[]): [string, number, number][] {
  const uses = new Map<string, [string, number, number]>();
  for (const row of part)
    for (const name of new Set(row.t)) {
      const use = uses.get(name);
      if (use) {
        use[1] += 1;
        use[2] = Math.max(use[2], row.d);
      } else uses.set(name, [name, 1, row.d]);
    }
  return [...uses.values()];
}

/**
 * The statements that write a plan's entries, a part at a time: the part's
 * tags and metrics created, its entries inserted from one JSON parameter,
 * then linked to their tags and metric values (each row's id is its place in
 * the list: insertedRowId), and its tags' use counts and last use moved on by
 * what the part adds (tagUses). Each statement reads the tables through their
 * indexes, a row of the part at a time: its cost is the part's rows and links
 * (chunk-cost.test.ts). The caller runs them in one batch with the rest of its
 * chunk (routes.ts), so a chunk lands whole or not at all.
 */
export function entryStatements(
  d1: D1Database,
  userId: number,
  plan: EntryPlan,
  importId: number | null,
): D1PreparedStatement[] {
  const now = Date.now();
  const update = plan.changeMoods;
  const rows = plan.toAdd.flatMap((p) => {
    const row = {
      d: p.date,
      f: p.fingerprint,
      x: p.text,
      t: p.tags,
      m: p.metrics.map((m) => [m.name, m.value]),
    };
    // A copy a row, each with its own modification time; those whose entry's mood is changed are not added.
    const copies = update ? p.modifiedAts.slice(0, p.modifiedAts.length - p.changes.length) : p.modifiedAts;
    return copies.map((at) => ({ ...row, o: at ?? now }));
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
  const out: D1PreparedStatement[] = [];
  for (const part of batches) {
    const json = JSON.stringify(part);
    const metrics = JSON.stringify([...new Set(part.flatMap((r) => r.m.map(([name]) => name)))]);
    const statements: [string, ...unknown[]][] = [
      // The part's tags made, or moved on by what the part adds: each a lookup of the (user, name) index.
      [
        `INSERT INTO tags (user_id, name, use_count, last_used_at, import_id)
          SELECT ?1, u.value ->> '$[0]', u.value ->> '$[1]', u.value ->> '$[2]', ${runSql(importId)} FROM json_each(?2) u
          WHERE true ON CONFLICT (user_id, name) DO UPDATE SET use_count = use_count + excluded.use_count,
            last_used_at = coalesce(max(last_used_at, excluded.last_used_at), excluded.last_used_at)`,
        userId,
        JSON.stringify(tagUses(part)),
      ],
      [createMetrics(importId), userId, metrics],
      [
        // Marked with the modification time written (runs.ts: edited since is its moving on from it).
        `INSERT INTO entries (user_id, text, date, modified_at, fingerprint, import_id, import_mark)
          SELECT ?1, j.value ->> '$.x', j.value ->> '$.d', j.value ->> '$.o', j.value ->> '$.f', ${runSql(importId)},
            j.value ->> '$.o'
          FROM json_each(?2) j`,
        userId,
        json,
      ],
      // CROSS JOIN keeps the list outside: without statistics SQLite would walk the account's tags and,
      // for each, the whole list (the part's entries times the account's tags).
      [
        `INSERT OR IGNORE INTO entry_tags (entry_id, tag_id)
          SELECT ${id}, t.id FROM json_each(?2) j CROSS JOIN json_each(j.value, '$.t') jt
          CROSS JOIN tags t ON t.user_id = ?1 AND t.name = jt.value`,
        userId,
        json,
      ],
      [
        `INSERT OR IGNORE INTO entry_metrics (entry_id, metric_id, value)
          SELECT ${id}, m.id, jm.value ->> '$[1]' FROM json_each(?2) j CROSS JOIN json_each(j.value, '$.m') jm
          CROSS JOIN metrics m ON m.user_id = ?1 AND m.name = jm.value ->> '$[0]'`,
        userId,
        json,
      ],
    ];
    out.push(...statements.map(([q, ...values]) => d1.prepare(q).bind(...values)));
  }
  if (update) out.push(...moodStatements(d1, userId, plan, now, importId));
  return out;
}

/**
 * Sets the mood of the account's entries a plan found to be its rows but for the mood (Planned.changes), a
 * batch at a time: the mood's value replaced (or removed, for a row without one), the fingerprint made the
 * row's, the modification time now, so a journal that kept the entry takes it again. An entry changed since
 * it was planned (its fingerprint no longer the one found, an edit in the journal meanwhile) is left as it is.
 */
function moodStatements(
  d1: D1Database,
  userId: number,
  plan: EntryPlan,
  now: number,
  importId: number | null,
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  const changes = plan.toAdd.flatMap((p) => {
    const mood = p.metrics.find((m) => m.name === "mood")?.value ?? null;
    return p.changes.map((c) => ({ i: c.id, o: c.from, f: p.fingerprint, v: mood }));
  });
  // The entries of a batch that are still as planned: the user's, with the fingerprint found.
  const planned = `SELECT e.id FROM json_each(?2) j
    CROSS JOIN entries e ON e.id = j.value ->> '$.i' AND e.user_id = ?1 AND e.fingerprint = j.value ->> '$.o'`;
  for (const part of jsonParts(changes, ENTRIES_A_BATCH)) {
    const json = JSON.stringify(part);
    const moods = part.some((c) => c.v !== null) ? ["mood"] : [];
    const statements: [string, ...unknown[]][] = [
      [createMetrics(importId), userId, JSON.stringify(moods)],
      [`DELETE FROM entry_metrics WHERE entry_id IN (${planned})`, userId, json],
      [
        `INSERT INTO entry_metrics (entry_id, metric_id, value)
          SELECT e.id, m.id, j.value ->> '$.v' FROM json_each(?2) j
          CROSS JOIN entries e ON e.id = j.value ->> '$.i' AND e.user_id = ?1 AND e.fingerprint = j.value ->> '$.o'
          CROSS JOIN metrics m ON m.user_id = ?1 AND m.name = 'mood'
          WHERE j.value ->> '$.v' IS NOT NULL`,
        userId,
        json,
      ],
      [
        `UPDATE entries SET modified_at = ?3,
          fingerprint = (SELECT j.value ->> '$.f' FROM json_each(?2) j WHERE j.value ->> '$.i' = entries.id)
          WHERE id IN (${planned})`,
        userId,
        json,
        now,
      ],
    ];
    out.push(...statements.map(([q, ...values]) => d1.prepare(q).bind(...values)));
  }
  return out;
}
