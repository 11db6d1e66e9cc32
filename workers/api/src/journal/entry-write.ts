import { type SQL, sql } from "drizzle-orm";
import { runBatch } from "../db/batch.ts";
import type { Db } from "../db/client.ts";
import { entryFingerprint } from "./fingerprint.ts";

export interface EntryContent {
  text: string;
  tags: string[];
  metrics: { name: string; value: number }[];
  date: number;
}

type Statement = SQL;

const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const newestEntryId = (userId: number) => sql`(SELECT max(id) FROM entries WHERE user_id = ${userId})`;

/** Tags and metric names are created per user on first use; existing ones are matched. */
function ensureNames(userId: number, content: EntryContent): Statement[] {
  const out: Statement[] = [];
  if (content.tags.length)
    out.push(
      sql`INSERT OR IGNORE INTO tags (user_id, name) VALUES ${sql.join(
        content.tags.map((t) => sql`(${userId}, ${t})`),
        sql`, `,
      )}`,
    );
  if (content.metrics.length)
    out.push(
      sql`INSERT OR IGNORE INTO metrics (user_id, name) VALUES ${sql.join(
        content.metrics.map((m) => sql`(${userId}, ${m.name})`),
        sql`, `,
      )}`,
    );
  return out;
}

function linkNames(userId: number, entryId: SQL, content: EntryContent): Statement[] {
  const out: Statement[] = [];
  if (content.tags.length)
    out.push(
      sql`INSERT INTO entry_tags (entry_id, tag_id) SELECT ${entryId}, id FROM tags WHERE user_id = ${userId} AND name IN (${list(content.tags)})`,
    );
  if (content.metrics.length) {
    const values = sql.join(
      content.metrics.map((m) => sql`(${m.name}, ${m.value})`),
      sql`, `,
    );
    out.push(
      sql`INSERT INTO entry_metrics (entry_id, metric_id, value)
        SELECT ${entryId}, m.id, v.column2 FROM metrics m JOIN (VALUES ${values}) v ON v.column1 = m.name WHERE m.user_id = ${userId}`,
    );
  }
  return out;
}

/** Use counts and last use of the given tags, recounted from the links. */
function recountTags(userId: number, names: string[]): Statement[] {
  if (!names.length) return [];
  return [
    sql`UPDATE tags SET
      use_count = (SELECT count(*) FROM entry_tags WHERE tag_id = tags.id),
      last_used_at = (SELECT max(e.date) FROM entry_tags et JOIN entries e ON e.id = et.entry_id WHERE et.tag_id = tags.id)
      WHERE user_id = ${userId} AND name IN (${list(names)})`,
  ];
}

const unique = (names: string[]) => [...new Set(names)];

/** Creates an entry with its tags and metrics in one batch: all of it lands, or none. Returns its id. */
export async function createEntry(db: Db, userId: number, input: EntryContent): Promise<number> {
  const content = { ...input, tags: unique(input.tags) };
  const fingerprint = await entryFingerprint(content.text, content.tags, content.metrics);
  const now = Date.now();
  const results = await runBatch<{ id: number }>(db, [
    sql`INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (${userId}, ${content.text}, ${content.date}, ${now}, ${fingerprint})`,
    ...ensureNames(userId, content),
    // D1 runs a batch as one transaction, so the newest id is the row just inserted.
    ...linkNames(userId, newestEntryId(userId), content),
    ...(content.tags.length
      ? [
          sql`UPDATE tags SET use_count = use_count + 1, last_used_at = max(coalesce(last_used_at, 0), ${content.date})
            WHERE user_id = ${userId} AND name IN (${list(content.tags)})`,
        ]
      : []),
    sql`SELECT max(id) AS id FROM entries WHERE user_id = ${userId}`,
  ]);
  return results.at(-1)!.results[0]!.id;
}

/** Replaces an entry's content in one batch. The caller has checked that the entry is the user's. */
export async function updateEntry(
  db: Db,
  userId: number,
  entryId: number,
  previousTags: string[],
  input: EntryContent,
) {
  const content = { ...input, tags: unique(input.tags) };
  const fingerprint = await entryFingerprint(content.text, content.tags, content.metrics);
  // Every statement re-checks ownership, so nothing of another user's can change.
  const owned = sql`(SELECT id FROM entries WHERE id = ${entryId} AND user_id = ${userId})`;
  await runBatch(db, [
    sql`UPDATE entries SET text = ${content.text}, date = ${content.date}, modified_at = ${Date.now()}, fingerprint = ${fingerprint}
      WHERE id = ${entryId} AND user_id = ${userId}`,
    ...ensureNames(userId, content),
    sql`DELETE FROM entry_tags WHERE entry_id = ${owned}`,
    sql`DELETE FROM entry_metrics WHERE entry_id = ${owned}`,
    ...linkNames(userId, owned, content),
    ...recountTags(userId, unique([...previousTags, ...content.tags])),
  ]);
}

/** Deletes an entry (its links go with it) and recounts its tags. */
export async function deleteEntry(db: Db, userId: number, entryId: number, tags: string[]) {
  await runBatch(db, [
    sql`DELETE FROM entries WHERE id = ${entryId} AND user_id = ${userId}`,
    ...recountTags(userId, tags),
  ]);
}
