import { env, SELF } from "cloudflare:test";
import { sha256Hex } from "@nook/shared/common/sha256";
import { csvChunks } from "@nook/shared/import/chunks";
import { ImportChunkQuery, type ImportResult, type ImportRun, type ImportUndone } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import * as v from "valibot";
import { beforeEach, describe, expect, it } from "vitest";
import { openDb } from "../platform/db.ts";
import { bodyOf, count, dumpDb, errorBodyOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { fillAccount, userCall } from "../test/your-data.ts";
import { planChunk, readChunk } from "./chunk.ts";
import { IMPORT_STALE_MS, writeChunk } from "./runs.ts";
import { daylio, importInChunks } from "./test-calls.ts";

// An import a chunk at a time (run-routes.ts): begun, its chunks written once each and in order, finished;
// resumed after it stopped; undone, asking before it removes what was edited since.

beforeEach(resetDb);

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Ten days of Daylio, a row a day: about 40 bytes each, so a chunk of 200 bytes holds three (4 chunks). */
const ROWS = Array.from(
  { length: 10 },
  (_, i) => `2025-03-${String(i + 1).padStart(2, "0")},x,x,09:00,good,walk,,day ${i}`,
);
const FILE = daylio(...ROWS);
const SMALL = 200;
const CHUNKS = (() => {
  const cut = csvChunks(FILE, SMALL);
  if (!cut.ok) throw new Error("the file is cut");
  return cut.chunks;
})();

function call(user: User, method: string, path: string, body?: string, type = "application/json") {
  return SELF.fetch(`${ORIGIN}/api/user/imports${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${user.token}`,
      Origin: ORIGIN,
      ...(body === undefined ? {} : { "Content-Type": type }),
    },
    ...(body === undefined ? {} : { body }),
  });
}
const begin = async (user: User, file = FILE, chunks = CHUNKS.length) =>
  call(user, "POST", "", JSON.stringify({ format: "daylio", fileHash: await sha256Hex(file), chunks }));
const chunk = (user: User, id: number, n: number, at = CHUNKS[n]) =>
  call(user, "PUT", `/${id}/chunks/${n}?line=${at?.line ?? 2}`, at?.body ?? "", "text/csv");
const entries = (user: User) => count("entries", "user_id = ?", user.id);
const runOf = async (user: User, id: number) =>
  (await bodyOf<ImportRun[]>(await call(user, "GET", ""), 200)).find((r) => r.id === id);

describe("an import in chunks", () => {
  let ann: User;
  beforeEach(async () => {
    ann = await signedInUser("Ann");
  });

  it("is begun, written a chunk at a time, and finished with what it added", async () => {
    expect(CHUNKS.map((c) => c.line)).toEqual([2, 5, 8, 11]);
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    expect(run).toMatchObject({ state: "running", chunks: 4, written: 0, finishedAt: null, added: null });
    for (const [n, rows] of [3, 3, 3, 1].entries()) {
      const answer = await bodyOf<ImportResult>(await chunk(ann, run.id, n), 201);
      expect(answer.kinds.entries).toEqual({ added: rows, present: 0 });
    }
    const done = await bodyOf<ImportRun>(await call(ann, "POST", `/${run.id}/finish`), 200);
    expect(done).toMatchObject({ state: "done", written: 4, added: { entries: 10, tags: 1, metrics: 1 } });
    expect(done.undoUntil).not.toBeNull();
    expect(await entries(ann)).toBe(10);
    // Finished again (its answer lost): the same answer.
    expect(await bodyOf<ImportRun>(await call(ann, "POST", `/${run.id}/finish`), 200)).toEqual(done);
  });

  it("a chunk sent again is answered again, not written twice; chunks come in order", async () => {
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    const first = await bodyOf<ImportResult>(await chunk(ann, run.id, 0), 201);
    const again = await chunk(ann, run.id, 0);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await again.json<ImportResult>()).kinds).toEqual(first.kinds);
    // Chunk 2 before chunk 1.
    const early = await chunk(ann, run.id, 2);
    expect(early.status).toBe(409);
    expect(await errorBodyOf(early)).toMatchObject({
      code: "import.chunkOrder",
      message: "Chunk 2 comes after chunk 1, which is not written yet",
    });
    // Finished early.
    const unfinished = await call(ann, "POST", `/${run.id}/finish`);
    expect(unfinished.status).toBe(409);
    expect(await errorBodyOf(unfinished)).toMatchObject({
      message: "1 of the import's 4 chunks are written: send the rest first",
    });
    // The same chunk twice at once: written once.
    const both = await Promise.all([chunk(ann, run.id, 1), chunk(ann, run.id, 1)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await entries(ann)).toBe(6);
  });

  it("the same file begun three times at once is one run", async () => {
    const runs = await Promise.all([begin(ann), begin(ann), begin(ann)]);
    const ids = new Set<number>();
    for (const res of runs) {
      expect([200, 201, 409]).toContain(res.status);
      if (res.status !== 409) ids.add((await res.json<ImportRun>()).id);
    }
    expect(ids.size).toBe(1);
    expect(await count("imports", "user_id = ?", ann.id)).toBe(1);
  });

  it("resumes where it stopped: the same file joins its run, and after a while away, its failed run", async () => {
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    await bodyOf(await chunk(ann, run.id, 0), 201);
    await bodyOf(await chunk(ann, run.id, 1), 201);
    // A reload: the same file begun again joins the run, written up to chunk 2.
    expect(await bodyOf<ImportRun>(await begin(ann), 200)).toMatchObject({ id: run.id, written: 2, state: "running" });
    // Another file waits while it runs.
    const other = await begin(ann, daylio(ROWS[0] ?? ""), 1);
    expect(other.status).toBe(409);
    expect(await errorBodyOf(other)).toMatchObject({ code: "import.running" });
    // Left for longer than IMPORT_STALE_MS: failed, and resumed by the same file.
    await env.DB.prepare("UPDATE imports SET updated_at = ? WHERE id = ?")
      .bind(Date.now() - IMPORT_STALE_MS - 1, run.id)
      .run();
    expect(await bodyOf<ImportRun>(await call(ann, "GET", ""), 200)).toMatchObject([{ state: "running" }]);
    const resumed = await bodyOf<ImportRun>(await begin(ann), 200);
    expect(resumed).toMatchObject({ id: run.id, written: 2, state: "running" });
    for (const n of [2, 3]) await bodyOf(await chunk(ann, run.id, n), 201);
    await bodyOf(await call(ann, "POST", `/${run.id}/finish`), 200);
    expect(await entries(ann)).toBe(10);
  });

  it("a stale run of another file is failed by the next begin, its rows kept for an undo", async () => {
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    await bodyOf(await chunk(ann, run.id, 0), 201);
    await env.DB.prepare("UPDATE imports SET updated_at = ? WHERE id = ?")
      .bind(Date.now() - IMPORT_STALE_MS - 1, run.id)
      .run();
    await bodyOf<ImportRun>(await begin(ann, daylio(ROWS[9] ?? ""), 1), 201);
    expect((await runOf(ann, run.id))?.state).toBe("failed");
    // A failed run takes no chunk.
    const late = await chunk(ann, run.id, 1);
    expect(late.status).toBe(409);
    expect(await errorBodyOf(late)).toMatchObject({ code: "import.notRunning" });
    // Its rows are older than its last chunk (backdated here), so none counts as edited since.
    expect(await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${run.id}?edited=remove`), 200)).toMatchObject({
      removed: { entries: 3 },
      more: false,
    });
    expect(await entries(ann)).toBe(0);
  });

  it("a chunk a reader refuses names the file's line, writes nothing of it, and leaves the run to undo", async () => {
    const broken = daylio(...ROWS.slice(0, 6), "2025-03-07,x,x,09:00,sublime,walk,,?", ...ROWS.slice(7));
    const read = await importInChunks(ann.token, "format=daylio", broken, SMALL);
    expect(read.status).toBe(400);
    expect(read.body).toMatchObject({
      message: 'Line 8: the mood "sublime" is none of rad, good, meh, bad, awful: say which group it belongs to',
    });
    // Chunks 0 and 1 (lines 2–7) were written; the one with line 8, nothing of it.
    expect(await entries(ann)).toBe(6);
    const id = (read as { id: number }).id;
    expect((await runOf(ann, id))?.state).toBe("running");
    expect(await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${id}`), 200)).toMatchObject({
      removed: { entries: 6 },
    });
    expect(await entries(ann)).toBe(0);
    expect((await runOf(ann, id))?.state).toBe("undone");
  });
});

describe("undo this import", () => {
  let ann: User;
  beforeEach(async () => {
    ann = await signedInUser("Ann");
  });

  it("removes exactly what it added; a tag the account had stays; asks before what was edited since", async () => {
    await userCall(ann, "POST", "/journal/entries", { text: "mine", tags: ["walk"], metrics: [] });
    const done = await importInChunks(ann.token, "format=daylio", daylio(...ROWS, "2025-04-01,x,x,09:00,bad,tea,,t"));
    expect(done.status).toBe(201);
    const id = (done as { id: number }).id;
    // The tags counted on as the chunks came: "walk" on Ann's entry and the file's ten, "tea" on one.
    const counted = await env.DB.prepare(
      "SELECT name, use_count, last_used_at FROM tags WHERE user_id = ? ORDER BY name",
    )
      .bind(ann.id)
      .all<{ name: string; use_count: number; last_used_at: number }>();
    expect(counted.results.map((t) => [t.name, t.use_count])).toEqual([
      ["tea", 1],
      ["walk", 11],
    ]);
    const latest = await env.DB.prepare(
      "SELECT max(e.date) AS d FROM entries e JOIN entry_tags et ON et.entry_id = e.id JOIN tags t ON t.id = et.tag_id WHERE t.name = 'walk' AND e.user_id = ?",
    )
      .bind(ann.id)
      .first<{ d: number }>();
    expect(counted.results.find((t) => t.name === "walk")?.last_used_at).toBe(latest?.d);
    // One of its entries edited since.
    const edited = await env.DB.prepare("SELECT id FROM entries WHERE user_id = ? AND text = 'day 3'")
      .bind(ann.id)
      .first<{ id: number }>();
    await env.DB.prepare("UPDATE entries SET modified_at = ? WHERE id = ?")
      .bind(Date.now() + 1000, edited?.id)
      .run();
    const before = await dumpDb();
    const asked = await call(ann, "DELETE", `/${id}`);
    expect(asked.status).toBe(409);
    expect(await errorBodyOf(asked)).toEqual({
      code: "import.editedSince",
      values: { count: 1 },
      message: "1 of the rows this import added were changed since: keep them, or remove them too",
      error: "1 of the rows this import added were changed since: keep them, or remove them too",
    });
    expect(await dumpDb()).toEqual(before);
    const undone = await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${id}?edited=keep`), 200);
    expect(undone).toEqual({
      removed: {
        entries: 10,
        people: 0,
        checklists: 0,
        events: 0,
        timers: 0,
        stacks: 0,
        stackItems: 0,
        donateInfo: 0,
        donations: 0,
        tags: 1,
        metrics: 0,
      },
      more: false,
    });
    // Left: Ann's own entry and the edited one; the tag "walk" (hers), not "tea" (the import's, unused now).
    const texts = await env.DB.prepare("SELECT text FROM entries WHERE user_id = ? ORDER BY id").bind(ann.id).all();
    expect(texts.results).toEqual([{ text: "mine" }, { text: "day 3" }]);
    const tags = await env.DB.prepare("SELECT name, use_count FROM tags WHERE user_id = ? ORDER BY name")
      .bind(ann.id)
      .all();
    expect(tags.results).toEqual([{ name: "walk", use_count: 2 }]);
    expect((await runOf(ann, id))?.state).toBe("undone");
    expect((await runOf(ann, id))?.undoUntil).toBeNull();
    // Undone again: nothing more.
    expect(await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${id}`), 200)).toMatchObject({ more: false });
  });

  it("an export imported and undone leaves the account as it was, every kind", async () => {
    const source = await signedInUser("Source");
    await fillAccount(source);
    const file = await bodyOf<NookExport>(await userCall(source, "GET", "/user/export"), 200);
    const before = await dumpDb();
    const done = await importInChunks(ann.token, "format=nook&donatePage=1", JSON.stringify(file), 2_000);
    expect(done.status).toBe(201);
    expect(done.chunks).toBeGreaterThan(5);
    const id = (done as { id: number }).id;
    expect(await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${id}?edited=remove`), 200)).toMatchObject({
      more: false,
    });
    // Beside the run's record, one mark: the sleep columns to recount, as the entries' down and up went.
    const { imports, import_chunks, uptime_stale, ...after } = await dumpDb();
    const { imports: _, import_chunks: __, uptime_stale: ___, ...was } = before;
    expect(after).toEqual(was);
    expect(uptime_stale?.map((r) => (r as { user_id: number }).user_id)).toContain(ann.id);
    expect(imports?.find((r) => (r as { id: number }).id === id)).toMatchObject({ user_id: ann.id, state: "undone" });
  });

  it("is offered for IMPORT_UNDO_DAYS after the import finished, not after", async () => {
    const done = await importInChunks(ann.token, "format=daylio", FILE);
    const id = (done as { id: number }).id;
    await env.DB.prepare("UPDATE imports SET finished_at = ? WHERE id = ?")
      .bind(Date.now() - 31 * 86_400_000, id)
      .run();
    expect((await runOf(ann, id))?.undoUntil).toBeNull();
    const late = await call(ann, "DELETE", `/${id}`);
    expect(late.status).toBe(409);
    expect(await errorBodyOf(late)).toMatchObject({
      code: "import.undoTooLate",
      message: "An import can be undone for 30 days after it finished",
    });
    expect(await entries(ann)).toBe(10);
  });
});

describe("bad input is refused and nothing is written", () => {
  it.each([
    [
      "a hash that is none",
      { format: "daylio", fileHash: "abc", chunks: 1 },
      "fileHash is the file's SHA-256, 64 hex digits",
    ],
    ["no chunks", { format: "daylio", fileHash: "a".repeat(64), chunks: 0 }, "chunks is a whole number from 1 to 8000"],
    [
      "an unknown format",
      { format: "csv", fileHash: "a".repeat(64), chunks: 1 },
      "format is one of nook, daylio, loop",
    ],
  ])("%s", async (_, body, words) => {
    const ann = await signedInUser("Ann");
    const before = await dumpDb();
    const res = await call(ann, "POST", "", JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(await errorBodyOf(res)).toMatchObject({ message: words });
    expect(await dumpDb()).toEqual(before);
  });

  it("a chunk past the run's, of another type, or undone: refused", async () => {
    const ann = await signedInUser("Ann");
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    const before = await dumpDb();
    const past = await chunk(ann, run.id, 4);
    expect([past.status, (await errorBodyOf(past)).message]).toEqual([
      400,
      "This import has 4 chunks, numbered from 0",
    ]);
    const json = await call(ann, "PUT", `/${run.id}/chunks/0`, "{}", "application/json");
    expect([json.status, (await errorBodyOf(json)).message]).toEqual([415, "A daylio import is sent as text/csv"]);
    const bad = await call(ann, "PUT", `/${run.id}/chunks/x`, CHUNKS[0]?.body, "text/csv");
    expect([bad.status, (await errorBodyOf(bad)).message]).toEqual([400, "A chunk is named by its number from 0"]);
    expect(await dumpDb()).toEqual(before);
    // Cancelled while it runs: no chunk lands after.
    await bodyOf(await call(ann, "DELETE", `/${run.id}`), 200);
    const after = await chunk(ann, run.id, 0);
    expect(after.status).toBe(409);
    expect(await entries(ann)).toBe(0);
    const wrong = await call(ann, "DELETE", `/${run.id}?edited=maybe`);
    expect([wrong.status, (await errorBodyOf(wrong)).message]).toEqual([400, "edited is keep or remove"]);
  });
});

describe("a chunk written to a run already undone", () => {
  /**
   * The route's own check (the run's state, read before the chunk is planned) and its write are apart: an
   * undo can land between them. This test takes that moment directly: chunk 1 planned while the run ran, as
   * the route plans it, then the run undone, then the chunk's write. The write's claim names the run's state
   * in the batch (runs.ts writeChunk), so it lands nothing. (The race test in test/concurrency.test.ts passes
   * without that guard: the route's check refuses most chunks, and its last DELETE removes one that landed.)
   */
  it("lands nothing: no entry, no tag, no claim, and the write says the run is not running", async () => {
    const ann = await signedInUser("Ann");
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    expect((await chunk(ann, run.id, 0)).status).toBe(201);
    const at = CHUNKS[1];
    if (!at) throw new Error("no chunk 1");
    const query = v.parse(ImportChunkQuery, { line: String(at.line) });
    const db = openDb(env.DB);
    const read = readChunk("daylio", at.body, query, "UTC", true);
    const { result, statements } = await planChunk(db, env.DB, ann.id, read, query, run.id);
    expect(statements.length).toBeGreaterThan(0);
    expect(result.kinds.entries.added).toBe(3);

    const undone = await bodyOf<ImportUndone>(await call(ann, "DELETE", `/${run.id}?edited=remove`), 200);
    expect(undone.more).toBe(false);
    expect((await runOf(ann, run.id))?.state).toBe("undone");
    const before = await dumpDb();
    expect(before.entries).toEqual([]);

    expect(await writeChunk(db, env.DB, run.id, 1, result, statements)).toEqual({ kind: "notRunning" });
    expect(await dumpDb()).toEqual(before);
    expect(await count("import_chunks", "import_id = ? AND n = 1", run.id)).toBe(0);
  });

  it("a run failed (left too long) takes no chunk either", async () => {
    const ann = await signedInUser("Ann");
    const run = await bodyOf<ImportRun>(await begin(ann), 201);
    const at = CHUNKS[0];
    if (!at) throw new Error("no chunk 0");
    const query = v.parse(ImportChunkQuery, { line: String(at.line) });
    const db = openDb(env.DB);
    const planned = await planChunk(
      db,
      env.DB,
      ann.id,
      readChunk("daylio", at.body, query, "UTC", true),
      query,
      run.id,
    );
    await env.DB.prepare("UPDATE imports SET state = 'failed' WHERE id = ?").bind(run.id).run();
    const before = await dumpDb();
    expect(await writeChunk(db, env.DB, run.id, 0, planned.result, planned.statements)).toEqual({
      kind: "notRunning",
    });
    expect(await dumpDb()).toEqual(before);
  });
});
