import { message } from "@nook/shared/common/messages";
import { IMPORT_UNDO_DAYS, type ImportResult, type ImportRun, type ImportUndone } from "@nook/shared/import/schemas";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { heldBy, paced } from "../platform/d1-pace.ts";
import type { Db } from "../platform/db.ts";
import { isNotNullViolation, isUniqueViolation } from "../platform/unique-violation.ts";
import { importChunks, imports } from "./schema.ts";

/**
 * A run left `running` this long without a chunk is of a page that went away (closed, offline) or a Worker
 * that died: the next import of the account marks it failed. Its rows stay: the same file resumes it, and
 * "Undo this import" removes them.
 */
export const IMPORT_STALE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** How many runs the list shows, newest first. */
export const IMPORT_RUNS_LISTED = 20;
/**
 * Rows an undo deletes a statement (a few ms each; it rests after each, platform/d1-pace.ts), and what a
 * request spends at most: statements, and D1's own time (the page asks again while `more`). A request holds
 * D1 for at most UNDO_MS_A_REQUEST, whatever the run's size.
 */
const UNDO_ROWS_A_STATEMENT = 500;
const UNDO_STATEMENTS_A_REQUEST = 40;
const UNDO_MS_A_REQUEST = 300;

export const IMPORT_RUNNING = message(
  "Another import of yours is still running: wait for it to finish, then try again",
);
export const IMPORT_NOT_RUNNING = message(
  "This import is not running any more (finished, undone, or left too long): choose the file again to go on",
);

type Row = typeof imports.$inferSelect;

/** The user's run, or undefined (another user's is not found either). */
export function runOf(db: Db, userId: number, id: number) {
  return db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)))
    .get();
}

/** How many of a run's chunks are written. */
export async function writtenOf(db: Db, id: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(importChunks)
    .where(eq(importChunks.importId, id))
    .get();
  return row?.n ?? 0;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A run as the API shows it. */
export function runView(row: Row, written: number, now = Date.now()): ImportRun {
  const undoUntil =
    row.state === "undone"
      ? null
      : row.state === "done"
        ? (row.finishedAt ?? row.updatedAt) + IMPORT_UNDO_DAYS * DAY_MS
        : row.updatedAt + IMPORT_UNDO_DAYS * DAY_MS;
  return {
    id: row.id,
    format: row.format as ImportRun["format"],
    state: row.state as ImportRun["state"],
    fileHash: row.fileHash,
    chunks: row.chunks,
    written,
    startedAt: new Date(row.startedAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    finishedAt: iso(row.finishedAt),
    added: row.summary ? (JSON.parse(row.summary) as Record<string, number>) : null,
    undoUntil: undoUntil !== null && undoUntil > now ? new Date(undoUntil).toISOString() : null,
  };
}

/** The user's runs, newest first. */
export async function listRuns(db: Db, userId: number): Promise<ImportRun[]> {
  const rows = await db
    .select({
      run: imports,
      written: sql<number>`(SELECT count(*) FROM ${importChunks} WHERE ${importChunks.importId} = ${imports.id})`,
    })
    .from(imports)
    .where(eq(imports.userId, userId))
    .orderBy(desc(imports.startedAt), desc(imports.id))
    .limit(IMPORT_RUNS_LISTED)
    .all();
  const now = Date.now();
  return rows.map((r) => runView(r.run, r.written, now));
}

/** Marks the user's runs left without a chunk for IMPORT_STALE_MS failed: the statement, for a batch. */
function failStale(db: Db, userId: number, now: number) {
  return db
    .update(imports)
    .set({ state: "failed" })
    .where(and(eq(imports.userId, userId), eq(imports.state, "running"), lt(imports.updatedAt, now - IMPORT_STALE_MS)));
}

/**
 * Begins a run of `chunks` chunks, or joins the user's unfinished run of the same file: a running one as it
 * is (a second tab, a double click), a failed one made running again (it resumes at its first chunk not
 * written). Null when another file's run is still running (the partial unique index refuses a second).
 */
export async function openRun(
  db: Db,
  userId: number,
  body: { format: string; fileHash: string; chunks: number },
  now = Date.now(),
): Promise<{ run: ImportRun; joined: boolean } | null> {
  await failStale(db, userId, now);
  const same = await db
    .select()
    .from(imports)
    .where(
      and(
        eq(imports.userId, userId),
        eq(imports.format, body.format),
        eq(imports.fileHash, body.fileHash),
        eq(imports.chunks, body.chunks),
        sql`${imports.state} IN ('running', 'failed')`,
      ),
    )
    .orderBy(desc(imports.id))
    .get();
  try {
    if (same) {
      if (same.state === "failed")
        await db.update(imports).set({ state: "running", updatedAt: now }).where(eq(imports.id, same.id));
      const row = { ...same, state: "running", updatedAt: same.state === "failed" ? now : same.updatedAt };
      return { run: runView(row, await writtenOf(db, same.id), now), joined: true };
    }
    const [row] = await db
      .insert(imports)
      .values({
        userId,
        format: body.format,
        state: "running",
        fileHash: body.fileHash,
        chunks: body.chunks,
        startedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("an import run was not inserted");
    return { run: runView(row, 0, now), joined: false };
  } catch (err) {
    if (isUniqueViolation(err, "imports.user_id")) return null;
    throw err;
  }
}

/** What writing a chunk came to. */
export type ChunkWritten =
  | { kind: "written"; result: ImportResult }
  | { kind: "replayed"; result: ImportResult }
  | { kind: "notRunning" };

/** A chunk's answer as kept: its names are the one part a replay does without (the page has them). */
const kept = (result: ImportResult) =>
  JSON.stringify({ ...result, names: { tags: { added: [], present: [] }, metrics: { added: [], present: [] } } });

/** A written chunk's answer, as kept. */
export async function keptAnswer(db: Db, id: number, n: number): Promise<ImportResult | null> {
  const row = await db
    .select({ kinds: importChunks.kinds })
    .from(importChunks)
    .where(and(eq(importChunks.importId, id), eq(importChunks.n, n)))
    .get();
  return row ? (JSON.parse(row.kinds) as ImportResult) : null;
}

/**
 * Writes a chunk's statements in one batch, led by its claim: a row in import_chunks, whose key a chunk
 * written already fails (its answer is replayed, nothing written twice) and whose `n` is null unless the
 * run is still running (an undone or failed run takes no more rows). So a chunk lands whole or not at all,
 * once, and never after its run was undone.
 */
export async function writeChunk(
  db: Db,
  d1: D1Database,
  id: number,
  n: number,
  result: ImportResult,
  statements: D1PreparedStatement[],
  now = Date.now(),
): Promise<ChunkWritten> {
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO import_chunks (import_id, n, kinds)
            VALUES (?1, CASE WHEN (SELECT state FROM imports WHERE id = ?1) = 'running' THEN ?2 END, ?3)`,
        )
        .bind(id, n, kept(result)),
      ...statements,
      d1.prepare("UPDATE imports SET updated_at = ?2 WHERE id = ?1").bind(id, now),
    ]);
    return { kind: "written", result };
  } catch (err) {
    if (isNotNullViolation(err, "import_chunks.n")) return { kind: "notRunning" };
    if (isUniqueViolation(err)) {
      const answer = await keptAnswer(db, id, n);
      if (answer) return { kind: "replayed", result: answer };
    }
    throw err;
  }
}

/** A row whose modification time (`column`) is no longer the one its run wrote (`import_mark`): edited since. */
const markMoved = (column: "modified_at" | "updated_at") => ({ edited: `${column} IS NOT import_mark`, marked: true });

/**
 * The tables an import writes rows to, with what makes a row one edited since (null: never edited), and
 * whether its rows carry the run's mark. A row with a modification time is marked with the one the run
 * wrote, in the statement that writes it (write-entries.ts, write-others.ts): every edit sets the time of
 * the edit, while the file's own times, past or future, say nothing of an edit.
 */
const TABLES = [
  { kind: "entries", table: "entries", ...markMoved("modified_at") },
  { kind: "people", table: "people", ...markMoved("modified_at") },
  { kind: "checklists", table: "steps", ...markMoved("modified_at") },
  { kind: "events", table: "events", ...markMoved("modified_at") },
  { kind: "timers", table: "timers", ...markMoved("modified_at") },
  {
    kind: "stacks",
    table: "stacks",
    // A stack given an item since (the item is no row of the run).
    edited: "EXISTS (SELECT 1 FROM stack_items i WHERE i.stack_id = stacks.id AND coalesce(i.import_id, 0) != ?2)",
    marked: false,
  },
  { kind: "stackItems", table: "stack_items", edited: null, marked: false },
  { kind: "donateInfo", table: "donate_info", ...markMoved("updated_at") },
  { kind: "donations", table: "donations", edited: null, marked: false },
];

/** The counts of what a run added, per kind, from the rows that carry its id. */
export async function addedBy(d1: D1Database, userId: number, id: number): Promise<Record<string, number>> {
  const kinds = [
    ...TABLES.map((t) => [t.kind, t.table] as const),
    ["tags", "tags"] as const,
    ["metrics", "metrics"] as const,
  ];
  const counts = await d1.batch<{ n: number }>(
    kinds.map(([, table]) =>
      d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?1 AND import_id = ?2`).bind(userId, id),
    ),
  );
  return Object.fromEntries(kinds.map(([kind], i) => [kind, counts[i]?.results[0]?.n ?? 0]));
}

/** Ends a run whose chunks are all written: `done`, with what it added. */
export async function finishRun(db: Db, d1: D1Database, userId: number, id: number, now = Date.now()) {
  const added = await addedBy(d1, userId, id);
  await db
    .update(imports)
    .set({ state: "done", finishedAt: now, updatedAt: now, summary: JSON.stringify(added) })
    .where(and(eq(imports.id, id), eq(imports.state, "running")));
}

/** Ends a run that stops short (its chunk's write failed): `failed`, so the next import of the account runs. */
export async function failRun(db: Db, id: number) {
  await db
    .update(imports)
    .set({ state: "failed" })
    .where(and(eq(imports.id, id), eq(imports.state, "running")));
}

/** How many of a run's rows were edited since it wrote them, per kind (only kinds with any). */
export async function editedSince(d1: D1Database, userId: number, row: Row): Promise<Record<string, number>> {
  const kinds = TABLES.filter((t) => t.edited !== null);
  const counts = await d1.batch<{ n: number }>(
    kinds.map((t) =>
      d1
        .prepare(`SELECT count(*) AS n FROM ${t.table} WHERE user_id = ?1 AND import_id = ?2 AND (${t.edited})`)
        .bind(userId, row.id),
    ),
  );
  const out: Record<string, number> = {};
  kinds.forEach((t, i) => {
    const n = counts[i]?.results[0]?.n ?? 0;
    if (n) out[t.kind] = n;
  });
  return out;
}

/**
 * Undoes a run: marks it `undone` first (no chunk lands after), then deletes the rows that carry its id, a
 * part at a time, at most UNDO_STATEMENTS_A_REQUEST statements a request (`more`: ask again). Rows edited
 * since are kept, their id cleared, when `keepEdited` (the caller asked the person). Then the tags and
 * metric names it created that nothing uses any more go, and the tags' use counts are counted again.
 */
export async function undoRun(
  d1: D1Database,
  userId: number,
  row: Row,
  keepEdited: boolean,
  now = Date.now(),
): Promise<ImportUndone> {
  if (row.state !== "undone") {
    const detach = keepEdited
      ? TABLES.filter((t) => t.edited !== null).map((t) =>
          d1
            .prepare(
              // Kept, the row is the account's: no run's id, and no run's mark.
              `UPDATE ${t.table} SET import_id = NULL${t.marked ? ", import_mark = NULL" : ""}
                WHERE user_id = ?1 AND import_id = ?2 AND (${t.edited})`,
            )
            .bind(userId, row.id),
        )
      : [];
    await d1.batch([
      d1.prepare("UPDATE imports SET state = 'undone', finished_at = ?2 WHERE id = ?1").bind(row.id, now),
      ...detach,
      // A kept stack keeps its items: they are the stack's.
      ...(keepEdited
        ? [
            d1
              .prepare(
                `UPDATE stack_items SET import_id = NULL WHERE user_id = ?1 AND import_id = ?2
                  AND stack_id IN (SELECT id FROM stacks WHERE user_id = ?1 AND import_id IS NULL)`,
              )
              .bind(userId, row.id),
          ]
        : []),
    ]);
  }
  const removed: Record<string, number> = {};
  let statements = 0;
  let spent = 0;
  let more = false;
  for (const t of [...TABLES].reverse()) {
    for (;;) {
      if (statements >= UNDO_STATEMENTS_A_REQUEST || spent >= UNDO_MS_A_REQUEST) {
        more = true;
        break;
      }
      statements += 1;
      // Counted by what it returns: `changes` would count the rows its cascades and triggers touch too.
      const done = await paced(() =>
        d1
          .prepare(
            `DELETE FROM ${t.table} WHERE rowid IN (SELECT rowid FROM ${t.table} WHERE user_id = ?1 AND import_id = ?2 LIMIT ?3)
              RETURNING 1 AS gone`,
          )
          .bind(userId, row.id, UNDO_ROWS_A_STATEMENT)
          .run(),
      );
      spent += heldBy(done);
      const gone = done.results.length;
      removed[t.kind] = (removed[t.kind] ?? 0) + gone;
      if (t.table === "donate_info" && gone)
        // The page's addresses were watched for donations because the import wrote it (as PUT /api/donate/info does).
        await d1.prepare("DELETE FROM donation_sources WHERE user_id = ?1").bind(userId).run();
      if (gone < UNDO_ROWS_A_STATEMENT) break;
    }
    if (more) break;
  }
  if (!more) {
    const [tags, metrics] = await d1.batch<{ gone: number }>([
      d1
        .prepare(
          `DELETE FROM tags WHERE user_id = ?1 AND import_id = ?2
            AND NOT EXISTS (SELECT 1 FROM entry_tags WHERE tag_id = tags.id)
            AND NOT EXISTS (SELECT 1 FROM person_tags WHERE tag_id = tags.id)
            AND NOT EXISTS (SELECT 1 FROM timer_tags WHERE tag_id = tags.id)
            RETURNING 1 AS gone`,
        )
        .bind(userId, row.id),
      d1
        .prepare(
          `DELETE FROM metrics WHERE user_id = ?1 AND import_id = ?2
            AND NOT EXISTS (SELECT 1 FROM entry_metrics WHERE metric_id = metrics.id)
            AND NOT EXISTS (SELECT 1 FROM stack_items WHERE user_id = ?1 AND config ->> '$.metricId' = metrics.id)
            RETURNING 1 AS gone`,
        )
        .bind(userId, row.id),
      // What is left of the run's names is in use: no longer the run's to take back.
      d1.prepare("UPDATE tags SET import_id = NULL WHERE user_id = ?1 AND import_id = ?2").bind(userId, row.id),
      d1.prepare("UPDATE metrics SET import_id = NULL WHERE user_id = ?1 AND import_id = ?2").bind(userId, row.id),
      d1
        .prepare(
          `UPDATE tags SET
            use_count = (SELECT count(*) FROM entry_tags WHERE entry_tags.tag_id = tags.id),
            last_used_at = (SELECT max(entries.date) FROM entry_tags JOIN entries ON entries.id = entry_tags.entry_id
              WHERE entry_tags.tag_id = tags.id)
            WHERE user_id = ?1`,
        )
        .bind(userId),
    ]);
    removed.tags = tags?.results.length ?? 0;
    removed.metrics = metrics?.results.length ?? 0;
  }
  return { removed, more };
}

/** A run that may still be undone now: not undone, and within IMPORT_UNDO_DAYS of its end (or last chunk). */
export function undoable(row: Row, now = Date.now()): boolean {
  return row.state === "undone" || runView(row, 0, now).undoUntil !== null;
}

export type { Row as ImportRow };
export const editedSinceSaid = (count: number) =>
  message("{count} of the rows this import added were changed since: keep them, or remove them too", { count });
export const UNDO_TOO_LATE = message("An import can be undone for {days} days after it finished", {
  days: IMPORT_UNDO_DAYS,
});
