import { message } from "@nook/shared/common/messages";
import { type ImportedDonatePage, ImportQuery, type ImportResult } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { userTimeZone } from "../platform/time-zone.ts";
import { validate } from "../platform/validate.ts";
import { type DaylioRead, readDaylio } from "./daylio.ts";
import { ImportRefused } from "./import-error.ts";
import type { ImportedEntry } from "./imported-entry.ts";
import { readLoop } from "./loop.ts";
import { readNook } from "./nook.ts";
import { beginRun, endRun, fileHash, IMPORT_RUNNING } from "./runs.ts";
import { planEntries, writeEntries, writeNames } from "./write-entries.ts";
import { planOthers, writeOthers } from "./write-others.ts";

/** The media type each format's file is sent as. */
const TYPES = { nook: "application/json", daylio: "text/csv", loop: "text/csv" } as const;

/** What a file's donation page would publish (its title and ways to pay, as read by the page's route), if it has one. */
function donatePageOf(info: NookExport["donateInfo"]): ImportedDonatePage | null {
  if (!info) return null;
  const { title, ethAddress, btcAddress, paypalDonateButtonId } = info;
  return { title, ethAddress, btcAddress, paypalDonateButtonId };
}

/** The body as text: UTF-8 (a leading byte-order mark dropped), or the refusal. */
async function fileText(request: Request): Promise<string> {
  const bytes = await request.arrayBuffer();
  if (!bytes.byteLength) throw new ImportRefused(message("The file is empty"));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportRefused(message("The file is not text (UTF-8)"));
  }
  if (text.includes("\0")) throw new ImportRefused(message("The file is not text (UTF-8)"));
  return text;
}

/**
 * `POST /api/user/import?format=nook|daylio|loop&dryRun=1`: the
 * file is the body (JSON for `nook`, CSV for the others, at most
 * IMPORT_MB_MAX). A dry run answers the preview — per kind, what would be
 * added and what is already there — and writes nothing; otherwise the same
 * answer comes after the write. A file that cannot be read is a 400 naming
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
 * for the person to choose.
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
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (type !== TYPES[query.format])
      return fail(
        c,
        415,
        message("A {format} import is sent as {type}", { format: query.format, type: TYPES[query.format] }),
      );
    try {
      const file = await fileText(c.req.raw);
      let entries: ImportedEntry[];
      let customMoods: ImportResult["customMoods"] = [];
      let skipped: DaylioRead["skipped"] = { count: 0, rows: [] };
      let nook: ReturnType<typeof readNook> | null = null;
      if (query.format === "daylio") {
        const read = readDaylio(file, c.var.timeZone, query.moods ?? new Map());
        entries = read.entries;
        customMoods = read.customMoods;
        skipped = read.skipped;
        if (!query.dryRun && read.unplaced)
          throw new ImportRefused(
            message(
              'Line {line}: the mood "{mood}" is none of rad, good, meh, bad, awful: say which group it belongs to',
              read.unplaced,
            ),
          );
      } else if (query.format === "loop") {
        entries = readLoop(file, c.var.timeZone, query.numeric);
      } else {
        nook = readNook(file);
        entries = nook.entries;
      }
      const d1 = c.var.session.binding();
      const userId = c.var.user.id;
      // A write is one run at a time an account, taken before anything is planned: a second import sent
      // while the first still writes would plan against rows the first is adding, and write them again.
      const run = query.dryRun ? null : await beginRun(c.var.db, userId, query.format, await fileHash(file));
      if (run === null && !query.dryRun) return fail(c, 409, IMPORT_RUNNING);
      try {
        // A Nook export names every tag and metric, used or not, in the order they were made.
        const names = nook ? { tags: nook.file.tags, metrics: nook.file.metrics } : undefined;
        const plan = await planEntries(c.var.db, userId, entries, names, query.changeMoods);
        const others = nook ? await planOthers(d1, userId, nook.file, { donatePage: query.donatePage }) : null;
        if (!query.dryRun) {
          if (names) await writeNames(d1, userId, names.tags, names.metrics);
          await writeEntries(d1, userId, plan);
          if (others) await writeOthers(d1, others);
        }
        const result: ImportResult = {
          format: query.format,
          written: !query.dryRun,
          kinds: { entries: plan.entries, tags: plan.tags, metrics: plan.metrics, ...others?.kinds },
          customMoods,
          moodsChanged: plan.moodsChanged,
          skipped: {
            count: skipped.count,
            rows: skipped.rows.map(({ line, said }) => ({
              line,
              code: said.code,
              values: said.values,
              message: said.text,
            })),
          },
          donatePage: donatePageOf(nook?.file.donateInfo ?? null),
        };
        if (run !== null) await endRun(c.var.db, run, "done", result.kinds);
        return c.json(result, query.dryRun ? 200 : 201);
      } catch (err) {
        if (run !== null) await endRun(c.var.db, run, "failed").catch(() => {});
        throw err;
      }
    } catch (err) {
      if (err instanceof ImportRefused) return fail(c, 400, err.said);
      throw err;
    }
  },
);
