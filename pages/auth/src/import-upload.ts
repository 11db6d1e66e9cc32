import { sha256Hex } from "@nook/shared/common/sha256";
import { type ChunkProblem, csvChunks, type ImportChunk, nookChunks } from "@nook/shared/import/chunks";
import { LOOP_HABITS_MAX } from "@nook/shared/import/limits";
import type { ImportUndone } from "@nook/shared/import/schemas";
import { ApiError, api, ok } from "@nook/ui/api";
import { retryableImport } from "@nook/ui/retryable-import";
import type { LoopZipProblem } from "./loop-zip.ts";

/**
 * The import page's file work, without words of its own (its strings stay in the page's catalog): a file
 * read in the browser, cut into the chunks the API takes (packages/shared/src/import/chunks.ts), named by
 * its SHA-256, and the calls that send it a chunk at a time.
 */

export type Format = "nook" | "daylio" | "loop";

/** The media type each format's file is sent as (the API checks it). */
export const TYPES: Record<Format, string> = { nook: "application/json", daylio: "text/csv", loop: "text/csv" };

/** Loop's ZIP reader, fflate with it, loaded only when a ZIP is chosen: the page's first load does without. */
const loadLoopZip = retryableImport(
  () => import("./loop-zip.ts"),
  (m) => m.readLoopZip,
);

/** A ZIP file's first bytes ("PK\3\4"): Loop exports a ZIP, and a person may choose it or its Checkmarks.csv. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A file read and cut: its chunks, the Loop columns sent with each, and its name for the API (SHA-256, hex). */
export interface Prepared {
  chunks: ImportChunk[];
  /** Loop's numeric columns (`numeric=`), "" when none or another format. */
  numeric: string;
  fileHash: string;
}

/** Why a file cannot be sent: not UTF-8 text, a Loop ZIP that cannot be read, or one it cannot be cut for. */
export type PrepareProblem = ChunkProblem | { problem: "notText" } | { problem: "zip"; zip: LoopZipProblem };

export type PrepareResult = { ok: true; prepared: Prepared } | ({ ok: false } & PrepareProblem);

/** A value of Loop's a habit column holds when it is numeric: an amount ×1000 above SKIP (3), as loop.ts reads it. */
const LOOP_NUMBER = /^\d{1,12}$/;
const LOOP_SKIP = 3;

/** A CSV cell's value as papaparse gives it: its quotes taken off, a doubled quote one. */
function cellValue(raw: string): string {
  const s = raw.trim();
  if (!s.includes('"')) return s;
  const inner = s.startsWith('"') && s.endsWith('"') && s.length >= 2 ? s.slice(1, -1) : s;
  return inner.replaceAll('""', '"').trim();
}

/**
 * The columns (Date is 0) of a Loop Checkmarks.csv whose habits are numeric by their amounts: any cell of the
 * column a number above 3, as the API decides (workers/api/src/import/loop.ts) — but over the whole file,
 * where the API sees one chunk and could decide otherwise for a chunk whose amounts are all small. The first
 * line that is not blank is the header; a quoted field's line breaks stay inside its row.
 */
export function loopNumericColumns(csv: string): number[] {
  const found = new Set<number>();
  let row = 0;
  let column = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i <= csv.length; i += 1) {
    const end = i === csv.length;
    const c = end ? 10 : csv.charCodeAt(i);
    if (c === 34) {
      quoted = !quoted;
      continue;
    }
    if ((quoted && !end) || (c !== 44 && c !== 10)) continue;
    // A cell ends here: a habit's, past the header, whose column is not known numeric yet.
    if (row > 0 && column >= 1 && column <= LOOP_HABITS_MAX && !found.has(column) && i - start <= 64) {
      const value = cellValue(csv.slice(start, i));
      if (LOOP_NUMBER.test(value) && Number(value) > LOOP_SKIP) found.add(column);
    }
    if (c === 10) {
      // A blank line (one empty cell) is no row, as the API's reader skips it.
      if (column > 0 || csv.slice(start, i).trim() !== "") row += 1;
      column = 0;
    } else column += 1;
    start = i + 1;
    quoted = false;
  }
  return [...found].sort((a, b) => a - b);
}

/** UTF-8 text, or null (the API would refuse it too); the byte-order mark dropped, as TextDecoder does. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Reads a chosen file and cuts it for `format`: a Nook export by its lists, a CSV by its rows; Loop's ZIP
 * read into its Checkmarks.csv first (its names quoted from Habits.csv, its numeric habits named). A Loop
 * file's numeric columns are the ZIP's and those its amounts show over the whole file, sent with every chunk
 * so that each is read as the whole file would be.
 */
export async function prepareFile(file: File, format: Format): Promise<PrepareResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  let named: Uint8Array<ArrayBuffer>;
  const zipNumeric: number[] = [];
  if (format === "loop" && ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    const read = (await loadLoopZip())(bytes);
    if (!read.ok) return { ok: false, problem: "zip", zip: read.problem };
    text = read.csv;
    named = new TextEncoder().encode(text);
    zipNumeric.push(...read.numeric);
  } else {
    const decoded = utf8(bytes);
    if (decoded === null) return { ok: false, problem: "notText" };
    text = decoded;
    // The text's own UTF-8 is the file's bytes, less a byte-order mark: hashed without encoding it again.
    named = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  }
  const fileHash = sha256Hex(named);
  const cut = format === "nook" ? nookChunks(text) : csvChunks(text);
  if (!cut.ok) {
    await fileHash.catch(() => {});
    const { ok: _, ...problem } = cut;
    return { ok: false, ...problem };
  }
  const numeric =
    format === "loop" ? [...new Set([...zipNumeric, ...loopNumericColumns(text)])].sort((a, b) => a - b) : [];
  return { ok: true, prepared: { chunks: cut.chunks, numeric: numeric.join(","), fileHash: await fileHash } };
}

/** The options a preview and a write of a chunk carry alike (ImportQuery less format and dryRun). */
export interface ChunkOptions {
  /** The custom moods' groups, as `["mood", group]` pairs. */
  moods: Record<string, number>;
  numeric: string;
  changeMoods: boolean;
  donatePage: boolean;
}

/** A chunk's query: its place in the file, and the options. */
export function chunkQuery(chunk: ImportChunk, options: ChunkOptions) {
  // A JSON list of ["mood", group] pairs: any name a file holds, commas and colons too (import/schemas.ts).
  const pairs = Object.entries(options.moods);
  return {
    offset: String(chunk.offset),
    line: String(chunk.line),
    ...(chunk.stackPart ? { stackPart: chunk.stackPart } : {}),
    ...(pairs.length ? { moods: JSON.stringify(pairs) } : {}),
    ...(options.numeric ? { numeric: options.numeric } : {}),
    ...(options.changeMoods ? { changeMoods: "1" } : {}),
    ...(options.donatePage ? { donatePage: "1" } : {}),
  };
}

/** The waits before each new try of a call that found no network (or a server's passing failure). */
const RETRY_MS = [500, 1500, 3000, 6000];

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * A call tried again, a few times with longer waits, while it fails for want of an answer (no network, a 5xx):
 * for calls the API makes safe to repeat (a chunk is claimed once: a second send of one written is its answer
 * again). Stops at once when `signal` aborts.
 */
export async function withRetries<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (err) {
      const passing = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      const wait = RETRY_MS[attempt];
      if (!passing || wait === undefined || signal?.aborted) throw err;
      await pause(wait, signal);
      if (signal?.aborted) throw err;
    }
  }
}

/**
 * Undoes an import run (or cancels one running): asks until nothing of it is left (`more`), and answers
 * what it removed, per kind. `edited` says what to do with rows edited since; without it a run with such
 * rows is a 409 `import.editedSince` for the person to choose.
 */
export async function undoRun(id: number, edited?: "keep" | "remove"): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (;;) {
    const answer: ImportUndone = await withRetries(() =>
      ok(api.user.imports[":id"].$delete({ param: { id: String(id) }, query: edited ? { edited } : {} })),
    );
    for (const [kind, n] of Object.entries(answer.removed)) removed[kind] = (removed[kind] ?? 0) + n;
    if (!answer.more) return removed;
  }
}
