import { message } from "@nook/shared/common/messages";
import { IdParam } from "@nook/shared/common/validation";
import {
  ImportChunkParam,
  ImportChunkQuery,
  type ImportResult,
  type ImportRun,
  ImportRunBody,
  type ImportUndone,
  ImportUndoQuery,
} from "@nook/shared/import/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { bodyText, type ImportFormat, planChunk, readChunk, typeRefusal } from "./chunk.ts";
import { ImportRefused } from "./import-error.ts";
import {
  editedSince,
  editedSinceSaid,
  finishRun,
  IMPORT_NOT_RUNNING,
  IMPORT_RUNNING,
  keptAnswer,
  listRuns,
  openRun,
  runOf,
  runView,
  UNDO_TOO_LATE,
  undoable,
  undoRun,
  writeChunk,
  writtenOf,
} from "./runs.ts";

/**
 * An import, a chunk at a time: no request holds a file (a Worker has 128 MB, a file may be hundreds). The
 * page reads the file, cuts it (packages/shared/src/import/chunks.ts) and previews it chunk by chunk
 * (`POST /api/user/import?dryRun=1`, routes.ts), then:
 *
 *   POST   /api/user/imports                 { format, fileHash, chunks } → 201 the run (200: the same
 *                                            file's unfinished run, joined: it resumes at `written`)
 *   PUT    /api/user/imports/{id}/chunks/{n} the chunk (the format's type, at most 256 KB; the query as
 *                                            the preview's, `offset`/`line` the chunk's place) → 201 what
 *                                            it added; a chunk written already → 200 its answer again
 *                                            (Idempotent-Replayed); chunks come in order
 *   POST   /api/user/imports/{id}/finish     → 200 the run, `done`, with what it added
 *   GET    /api/user/imports                 → the account's runs, newest first
 *   DELETE /api/user/imports/{id}            "Undo this import" (or cancel one running): removes the rows
 *                                            it added; 409 naming how many were edited since, until
 *                                            `?edited=keep` or `?edited=remove` says what to do with them;
 *                                            `more: true` while rows are left (ask again)
 *
 * Each chunk is one batch with its claim (runs.ts writeChunk): whole or not at all, once. A run left
 * without a chunk for 15 minutes is marked failed; the same file resumes it.
 */
export const importRunRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listRuns(c.var.db, c.var.user.id), 200))
  .post("/", validate("json", ImportRunBody), async (c) => {
    const opened = await openRun(c.var.db, c.var.user.id, c.req.valid("json"));
    if (opened === null) return fail(c, 409, IMPORT_RUNNING);
    return c.json<ImportRun>(opened.run, opened.joined ? 200 : 201);
  })
  .put(
    "/:id/chunks/:n",
    validate("param", ImportChunkParam),
    validate("query", ImportChunkQuery),
    userTimeZone,
    async (c) => {
      const { id, n } = c.req.valid("param");
      const userId = c.var.user.id;
      const row = await runOf(c.var.db, userId, id);
      if (!row) return fail(c, 404, NOT_FOUND);
      const format = row.format as ImportFormat;
      const refusal = typeRefusal(c.req.raw, format);
      if (refusal) return fail(c, 415, refusal);
      if (n >= row.chunks)
        return fail(c, 400, message("This import has {max} chunks, numbered from 0", { max: row.chunks }));
      const written = await writtenOf(c.var.db, id);
      if (n < written) {
        const answer = await keptAnswer(c.var.db, id, n);
        if (answer) {
          c.header("Idempotent-Replayed", "true");
          return c.json<ImportResult>(answer, 200);
        }
      }
      if (row.state !== "running") return fail(c, 409, IMPORT_NOT_RUNNING);
      if (n > written)
        return fail(
          c,
          409,
          message("Chunk {found} comes after chunk {expected}, which is not written yet", {
            found: n,
            expected: written,
          }),
        );
      try {
        const query = c.req.valid("query");
        const read = readChunk(format, await bodyText(c.req.raw), query, c.var.timeZone, true);
        const { result, statements } = await planChunk(c.var.db, c.var.session.binding(), userId, read, query, id, n);
        const done = await writeChunk(c.var.db, c.var.session.binding(), id, n, result, statements);
        if (done.kind === "notRunning") return fail(c, 409, IMPORT_NOT_RUNNING);
        if (done.kind === "replayed") {
          c.header("Idempotent-Replayed", "true");
          return c.json<ImportResult>(done.result, 200);
        }
        return c.json<ImportResult>(done.result, 201);
      } catch (err) {
        if (err instanceof ImportRefused) return fail(c, 400, err.said);
        throw err;
      }
    },
  )
  .post("/:id/finish", validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.user.id;
    const row = await runOf(c.var.db, userId, id);
    if (!row) return fail(c, 404, NOT_FOUND);
    const written = await writtenOf(c.var.db, id);
    if (row.state === "done") return c.json<ImportRun>(runView(row, written), 200);
    if (row.state !== "running") return fail(c, 409, IMPORT_NOT_RUNNING);
    if (written < row.chunks)
      return fail(
        c,
        409,
        message("{found} of the import's {expected} chunks are written: send the rest first", {
          found: written,
          expected: row.chunks,
        }),
      );
    await finishRun(c.var.db, c.var.session.binding(), userId, id);
    const after = await runOf(c.var.db, userId, id);
    if (!after) return fail(c, 404, NOT_FOUND);
    if (after.state !== "done") return fail(c, 409, IMPORT_NOT_RUNNING);
    return c.json<ImportRun>(runView(after, written), 200);
  })
  .delete("/:id", validate("param", IdParam), validate("query", ImportUndoQuery), async (c) => {
    const { id } = c.req.valid("param");
    const { edited } = c.req.valid("query");
    const userId = c.var.user.id;
    const d1 = c.var.session.binding();
    const row = await runOf(c.var.db, userId, id);
    if (!row) return fail(c, 404, NOT_FOUND);
    if (!undoable(row)) return fail(c, 409, UNDO_TOO_LATE);
    if (row.state !== "undone" && edited === undefined) {
      const changed = await editedSince(d1, userId, row);
      const count = Object.values(changed).reduce((a, b) => a + b, 0);
      if (count > 0) return fail(c, 409, editedSinceSaid(count));
    }
    const undone = await undoRun(d1, userId, row, edited === "keep");
    return c.json<ImportUndone>(undone, 200);
  });
