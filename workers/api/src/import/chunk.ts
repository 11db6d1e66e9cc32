import { clockGapWords, eventClockGap } from "@nook/shared/calendar/clock-gaps";
import { todayIn } from "@nook/shared/common/calendar-date";
import { message, rowRefused } from "@nook/shared/common/messages";
import type { ImportChunkQuery, ImportedDonatePage, ImportResult } from "@nook/shared/import/schemas";
import type { NookExport } from "@nook/shared/user/export";
import type { Db } from "../platform/db.ts";
import { type DaylioRead, readDaylio } from "./daylio.ts";
import { ImportRefused } from "./import-error.ts";
import type { ImportedEntry } from "./imported-entry.ts";
import { readLoop } from "./loop.ts";
import { readNook } from "./nook.ts";
import { entryStatements, nameStatements, planEntries } from "./write-entries.ts";
import { othersStatements, planOthers } from "./write-others.ts";

export type ImportFormat = ImportResult["format"];

/** The media type each format's file (and each chunk of it) is sent as. */
export const TYPES = { nook: "application/json", daylio: "text/csv", loop: "text/csv" } as const;

/** Whether a request's body is of the format's type, or the refusal (415) to answer. */
export function typeRefusal(request: Request, format: ImportFormat) {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  return type === TYPES[format]
    ? null
    : message("A {format} import is sent as {type}", { format, type: TYPES[format] });
}

/** What a file's donation page would publish (its title and ways to pay, as read by the page's route), if it has one. */
function donatePageOf(info: NookExport["donateInfo"]): ImportedDonatePage | null {
  if (!info) return null;
  const { title, ethAddress, btcAddress, paypalDonateButtonId } = info;
  return { title, ethAddress, btcAddress, paypalDonateButtonId };
}

/**
 * The body as text: UTF-8 (a leading byte-order mark dropped), or the refusal. The body is at most the
 * API's MAX_BODY_KB (platform/body-check.ts stops reading past it): a file comes a chunk at a time.
 */
export async function bodyText(request: Request): Promise<string> {
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

/** A chunk (or a whole small file) read, planned, and the statements that would write it. */
export interface PlannedChunk {
  result: ImportResult;
  statements: D1PreparedStatement[];
}

/** A chunk read by its format's reader: its entries, and what the reader found beside them. */
export interface ReadChunk {
  format: ImportFormat;
  entries: ImportedEntry[];
  customMoods: ImportResult["customMoods"];
  skipped: DaylioRead["skipped"];
  nook: ReturnType<typeof readNook> | null;
}

/**
 * Reads one chunk of a file (import/chunks.ts: a whole file of its format, with the file's line or place
 * of its first row), or throws ImportRefused naming the file's line or place. Daylio's custom moods, the
 * rows it leaves out, Loop's numeric habits and the Nook donation page and profile are read as the whole-file route
 * documents them (routes.ts); a write (`write`) needs every custom mood's group.
 */
export function readChunk(
  format: ImportFormat,
  text: string,
  query: ImportChunkQuery,
  timeZone: string,
  write: boolean,
): ReadChunk {
  if (format === "daylio") {
    const read = readDaylio(text, timeZone, query.moods ?? new Map(), query.line);
    if (write && read.unplaced)
      throw new ImportRefused(
        message(
          'Line {line}: the mood "{mood}" is none of rad, good, meh, bad, awful: say which group it belongs to',
          read.unplaced,
        ),
      );
    return { format, entries: read.entries, customMoods: read.customMoods, skipped: read.skipped, nook: null };
  }
  if (format === "loop")
    return {
      format,
      entries: readLoop(text, timeZone, query.numeric, query.line),
      customMoods: [],
      skipped: { count: 0, rows: [] },
      nook: null,
    };
  const nook = readNook(text, query.offset);
  // An event's times are checked in the zone they will be read in, as the events' route checks them
  // (calendar/events-routes.ts): the file's own zone when the import sets it in the profile, else the account's.
  const zone = (query.profile ? nook.profile.timeZone : null) ?? timeZone;
  nook.file.events.forEach((event, i) => {
    const gap = eventClockGap(event, zone, todayIn(zone));
    if (gap) throw new ImportRefused(rowRefused(`events[${i + query.offset}]`, clockGapWords(gap, zone)));
  });
  return { format, entries: nook.entries, customMoods: [], skipped: { count: 0, rows: [] }, nook };
}

/**
 * Plans a chunk read against the account: what it would add and what is there already, and (`importId`
 * given) the statements that write it, every row stamped with the run's id. The rows of the run's earlier
 * chunks count as the file's, not the account's. Every chunk of a Nook file holds its profile; the profile's
 * settings are written (`profile=1`) with the file's first chunk (`n` 0) alone, so a later chunk never puts
 * back a setting the person changed while the import ran.
 */
export async function planChunk(
  db: Db,
  d1: D1Database,
  userId: number,
  read: ReadChunk,
  query: ImportChunkQuery,
  importId: number | null,
  n = 0,
): Promise<PlannedChunk> {
  const { format, entries, customMoods, skipped, nook } = read;
  const write = importId !== null;
  const setsProfile = Boolean(nook && write && query.profile && n === 0);
  // A Nook export names every tag and metric, used or not, in the order they were made.
  const names = nook ? { tags: nook.file.tags, metrics: nook.file.metrics } : undefined;
  const plan = await planEntries(db, userId, entries, names, query.changeMoods, importId);
  const others = nook
    ? await planOthers(d1, userId, nook.file, {
        donatePage: query.donatePage,
        profile: setsProfile ? nook?.profile : undefined,
        importId,
        stackPart: query.stackPart,
        offset: query.offset,
      })
    : null;
  const statements = write
    ? [
        ...(names ? nameStatements(d1, userId, names.tags, names.metrics, importId) : []),
        ...entryStatements(d1, userId, plan, importId),
        ...(others ? othersStatements(d1, others) : []),
      ]
    : [];
  const result: ImportResult = {
    format,
    written: write,
    kinds: { entries: plan.entries, tags: plan.tags, metrics: plan.metrics, ...others?.kinds },
    customMoods,
    moodsChanged: plan.moodsChanged,
    skipped: {
      count: skipped.count,
      rows: skipped.rows.map(({ line, said }) => ({ line, code: said.code, values: said.values, message: said.text })),
    },
    donatePage: donatePageOf(nook?.file.donateInfo ?? null),
    profile: nook ? { ...nook.profile, set: setsProfile } : null,
    names: plan.names,
  };
  return { result, statements };
}
