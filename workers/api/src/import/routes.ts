import { sha256Hex } from "@nook/shared/common/sha256";
import { ImportQuery, type ImportResult } from "@nook/shared/import/schemas";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { bodyText, planChunk, readChunk, typeRefusal } from "./chunk.ts";
import { ImportRefused } from "./import-error.ts";
import { failRun, finishRun, IMPORT_NOT_RUNNING, IMPORT_RUNNING, keptAnswer, openRun, writeChunk } from "./runs.ts";

/**
 * `POST /api/user/import?format=nook|daylio|loop&dryRun=1`: the
 * body is a file, or a chunk of one (JSON for `nook`, CSV for the others,
 * at most the API's 256 KB: the page cuts a file, chunks.ts, and sends
 * `offset` or `line`, the chunk's place in it). A dry run answers the
 * preview — per kind, what would be added and what is already there — and
 * writes nothing; otherwise the same answer comes after the write, as an
 * import run of one chunk (a larger file is written through
 * /api/user/imports, run-routes.ts). A file that cannot be read is a 400 naming
 * the line and the reason, with nothing written. Dates without a zone
 * (Daylio's, Loop's days) are read in the profile's zone, or `?tz=`.
 *
 * Daylio's CSV names a custom mood (none of rad…awful) but not its group:
 * the person gives each one as `&moods=` and a JSON list of `["mood", group]`
 * pairs, percent-encoded (`[["tired, but ok",2]]`: any name the file holds,
 * commas, colons and quotes included, at most IMPORT_MOOD_WORD_MAX = 64
 * characters as the preview shows it; a group 1–5; at most IMPORT_MOODS_MAX
 * = 25 pairs, so the URL stays within Cloudflare's 16 KB). The preview lists
 * every custom mood with the group it was given, or null (`customMoods`), so
 * a choice can be changed until the write, which is refused while one has
 * none. A row whose note is longer than an entry's text (ENTRY_TEXT_MAX) is
 * left out and the rest imported: the preview and the answer list it by its
 * line (`skipped`: how many, and the first IMPORT_SKIPPED_LISTED = 100).
 * A Daylio row the account holds already at its instant, with its text and
 * tags but another mood (a custom mood's group chosen again, then the file
 * imported again) is counted apart (`moodsChanged`): `&changeMoods=1`
 * changes that entry's mood to the file's; without it the row is added as a
 * new entry beside it, as any row the account lacks.
 *
 * A Nook file's rows are read by the rules of the routes that write their
 * kinds (route-rules.ts): a row one of them would refuse refuses the file,
 * named by its place (`people[3]: Email is not valid`). Its donation page,
 * which anyone can see at /u/{username}, is written only with
 * `&donatePage=1` (and only to an account without a page); without it the
 * account's page is left alone, and the answer's `donatePage` still says
 * what the file's would publish (its title, addresses and PayPal button),
 * for the person to choose. Its profile's time zone, accent colour and date
 * of birth are set in the account's profile only with `&profile=1` (from the
 * file's first chunk, by the profile's rules: a zone or a date it would
 * refuse left out, in words, and one the file lacks left as the account's);
 * the answer's `profile` says what they are either way.
 *
 * Loop's file is its root Checkmarks.csv as Loop writes it (header names
 * unquoted), or as the page sends it from Loop's ZIP: the header's names
 * quoted from the ZIP's Habits.csv (RFC 4180), and `&numeric=2,5` naming the
 * columns (Date is 0) of the habits Habits.csv calls NUMERICAL, whose days
 * are amounts ×1000 (import/loop.ts).
 */
export const importRoutes = new Hono<AppEnv>().post(
  "/",
  requireUser,
  validate("query", ImportQuery),
  userTimeZone,
  async (c) => {
    const query = c.req.valid("query");
    const refusal = typeRefusal(c.req.raw, query.format);
    if (refusal) return fail(c, 415, refusal);
    try {
      const text = await bodyText(c.req.raw);
      const read = readChunk(query.format, text, query, c.var.timeZone, !query.dryRun);
      const userId = c.var.user.id;
      const d1 = c.var.session.binding();
      if (query.dryRun)
        return c.json<ImportResult>((await planChunk(c.var.db, d1, userId, read, query, null)).result, 200);
      // A write is a run of one chunk, begun once the file is read (a file refused begins none), and before
      // anything is planned: a second import sent while the first still writes would plan against rows the
      // first is adding, and write them again.
      const opened = await openRun(c.var.db, userId, {
        format: query.format,
        fileHash: await sha256Hex(text),
        chunks: 1,
      });
      if (opened === null) return fail(c, 409, IMPORT_RUNNING);
      const { run } = opened;
      // The same file's run, its one chunk written but the run not ended (its answer lost on the way): ended
      // now, and its answer given again.
      if (run.written > 0) {
        await finishRun(c.var.db, d1, userId, run.id);
        const answer = await keptAnswer(c.var.db, run.id, 0);
        if (answer) {
          c.header("Idempotent-Replayed", "true");
          return c.json<ImportResult>(answer, 200);
        }
      }
      try {
        const { result, statements } = await planChunk(c.var.db, d1, userId, read, query, run.id);
        const done = await writeChunk(c.var.db, d1, run.id, 0, result, statements);
        if (done.kind === "notRunning") return fail(c, 409, IMPORT_NOT_RUNNING);
        await finishRun(c.var.db, d1, userId, run.id);
        if (done.kind === "replayed") c.header("Idempotent-Replayed", "true");
        return c.json<ImportResult>(done.result, done.kind === "replayed" ? 200 : 201);
      } catch (err) {
        // Nothing of it was written (a chunk is one batch): the run ends, and the next import runs.
        await failRun(c.var.db, run.id).catch(() => {});
        throw err;
      }
    } catch (err) {
      if (err instanceof ImportRefused) return fail(c, 400, err.said);
      throw err;
    }
  },
);
