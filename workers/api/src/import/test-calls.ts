import { SELF } from "cloudflare:test";
import { sha256Hex } from "@nook/shared/common/sha256";
import { csvChunks, type ImportChunk, mergeResults, nookChunks } from "@nook/shared/import/chunks";
import { IMPORT_CHUNK_BYTES } from "@nook/shared/import/limits";
import type { ImportResult, ImportRun } from "@nook/shared/import/schemas";
import { type D1Time, readServerTiming } from "../platform/d1-timing.ts";
import { ORIGIN } from "../test/helpers.ts";

/** Sends a file to the import: `query` after `?`, the body as CSV unless another type is said. */
export function importFile(token: string, query: string, body: string | Uint8Array, type = "text/csv") {
  return SELF.fetch(`${ORIGIN}/api/user/import?${query}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, "Content-Type": type },
    body,
  });
}

/** Daylio's header, as its export writes it. */
export const DAYLIO_HEADER = "full_date,date,weekday,time,mood,activities,note_title,note";
/** Rows after Daylio's header. */
export const daylio = (...rows: string[]) => [DAYLIO_HEADER, ...rows].join("\n");

/** A Daylio import's query giving custom moods their groups: `moods` a JSON list of `["mood", group]` pairs. */
export const moodsQuery = (pairs: unknown[][]) => `format=daylio&moods=${encodeURIComponent(JSON.stringify(pairs))}`;

/** Every list of a Nook export, empty (and no donation page). */
export const EMPTY_NOOK_DATA = {
  tags: [],
  metrics: [],
  stacks: [],
  timers: [],
  people: [],
  checklists: [],
  events: [],
  donateInfo: null,
  donations: [],
  entries: [],
};

/** A Nook export of a profile made `at`, holding only what `over` gives (a test builds the file it needs on it). */
export function nookFile(over: Record<string, unknown> = {}, at = "2026-03-05T12:00:00.000Z") {
  return {
    format: "nook",
    version: 1,
    exportedAt: at,
    profile: {
      email: "a@b.c",
      name: "A",
      username: "a",
      dateOfBirth: null,
      accentColor: "orange",
      timeZone: null,
      createdAt: at,
    },
    ...EMPTY_NOOK_DATA,
    ...over,
  };
}

/** An API call's status and JSON body, and its time in the database (platform/d1-timing.ts). */
async function called(res: Response) {
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    d1: readServerTiming(res.headers.get("Server-Timing")),
  };
}

/**
 * Imports a file as the page does (packages/shared/src/import/chunks.ts): cut into chunks of at most
 * `max` bytes; with `dryRun=1` in the query each chunk previewed and the answers merged, otherwise a run
 * begun, each chunk written in order, and the run finished. The answer is the first refusal met, or the
 * merged answers (and the run).
 */
export async function importInChunks(token: string, query: string, text: string, max = IMPORT_CHUNK_BYTES) {
  const params = new URLSearchParams(query);
  const format = params.get("format") as ImportResult["format"];
  const cut = format === "nook" ? nookChunks(text, max) : csvChunks(text, max);
  if (!cut.ok) throw new Error(`the file cannot be cut: ${JSON.stringify(cut)}`);
  const headers = { Authorization: `Bearer ${token}`, Origin: ORIGIN };
  const type = format === "nook" ? "application/json" : "text/csv";
  const place = (chunk: ImportChunk) =>
    `offset=${chunk.offset}&line=${chunk.line}${chunk.stackPart ? `&stackPart=${chunk.stackPart}` : ""}`;
  const results: ImportResult[] = [];
  /** Each chunk's time in the database, in order. */
  const times: (D1Time | null)[] = [];
  if (params.get("dryRun") === "1") {
    for (const chunk of cut.chunks) {
      const res = await called(await importFile(token, `${query}&${place(chunk)}`, chunk.body, type));
      if (res.status !== 200) return { ...res, chunks: cut.chunks.length };
      results.push(res.body as unknown as ImportResult);
      times.push(res.d1);
    }
    return {
      status: 200,
      body: mergeResults(results) as unknown as Record<string, unknown>,
      chunks: cut.chunks.length,
      times,
    };
  }
  const opened = await called(
    await SELF.fetch(`${ORIGIN}/api/user/imports`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ format, fileHash: await sha256Hex(text), chunks: cut.chunks.length }),
    }),
  );
  if (opened.status !== 201 && opened.status !== 200) return { ...opened, chunks: cut.chunks.length };
  const id = opened.body.id as number;
  params.delete("format");
  params.delete("dryRun");
  const options = params.toString();
  for (const [n, chunk] of cut.chunks.entries()) {
    if (n < (opened.body.written as number)) continue;
    const res = await called(
      await SELF.fetch(`${ORIGIN}/api/user/imports/${id}/chunks/${n}?${options}&${place(chunk)}`, {
        method: "PUT",
        headers: { ...headers, "Content-Type": type },
        body: chunk.body,
      }),
    );
    if (res.status !== 201 && res.status !== 200) return { ...res, id, chunks: cut.chunks.length };
    results.push(res.body as unknown as ImportResult);
    times.push(res.d1);
  }
  const finished = await called(
    await SELF.fetch(`${ORIGIN}/api/user/imports/${id}/finish`, { method: "POST", headers }),
  );
  if (finished.status !== 200) return { ...finished, id, chunks: cut.chunks.length };
  return {
    status: 201,
    body: mergeResults(results) as unknown as Record<string, unknown>,
    run: finished.body as unknown as ImportRun,
    id,
    chunks: cut.chunks.length,
    times,
  };
}
