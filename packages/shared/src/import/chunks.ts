import { IMPORT_CHUNK_BYTES, IMPORT_SKIPPED_LISTED } from "./limits.ts";
import type { ImportedMood, ImportNames, ImportResult, ImportSkippedRow } from "./schemas.ts";

/**
 * A file cut for the API: no request holds a whole file (a Worker has 128 MB, and a file may be hundreds),
 * so the page reads it and sends it a chunk at a time, each at most IMPORT_CHUNK_BYTES of UTF-8 and each a
 * file of its format the API reads as it reads a whole one:
 *   - a CSV (Daylio's, Loop's): the header line, then whole rows (a quoted field's line breaks kept inside
 *     its row), with `line`, the file's line of the chunk's first row, so a refusal names the file's line;
 *   - a Nook export: the document with every list empty but one kind's rows (`offset`: the place of the
 *     first, so a refused row is named `entries[12000]` as in the file). The first chunk holds the rest:
 *     the profile and the donation page, with no rows. Kinds come in the file's order, so the tags and
 *     metrics a later row names are written before it.
 * Identical rows stay together where they can: the cut between two entries is never between two of one
 * instant (an export's identical entries are neighbours, oldest first), so a chunk counts a file's copies
 * of a content against the account's as the whole file would.
 */
export interface ImportChunk {
  body: string;
  /** The place of the chunk's first row in its kind's list (a Nook file), else 0. */
  offset: number;
  /** The line of the file the chunk's first row is on (a CSV), else 2. */
  line: number;
  /**
   * A chunk of one part of a stack too large for a chunk: `first` (the stack and its first items) or
   * `more` (more of its items, for the stack the chunk before began).
   */
  stackPart?: "first" | "more";
}

/** Why a file cannot be cut: a row (a line, or a place) larger than a chunk, or a Nook file that is not JSON. */
export type ChunkProblem =
  | { problem: "rowTooLong"; row: string }
  | { problem: "notJson"; line: number }
  | { problem: "notNook" };

export type Chunked = { ok: true; chunks: ImportChunk[] } | ({ ok: false } & ChunkProblem);

/** The bytes of a text in UTF-8, counted without encoding it. */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two code units, four bytes.
      n += 2;
      i += 1;
    } else n += 2;
  }
  return n;
}

/**
 * A CSV text cut into chunks of whole rows, each led by the header (the first line that is not blank). A
 * row is a line, or more while a quoted field is open; a row longer than a chunk refuses the file (no
 * export the import reads has one: a Daylio note is at most 10,000 characters).
 */
export function csvChunks(text: string, max = IMPORT_CHUNK_BYTES): Chunked {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let header: string | null = null;
  let headerBytes = 0;
  const chunks: ImportChunk[] = [];
  let rows: string[] = [];
  let bytes = 0;
  let firstLine = 2;
  const flush = () => {
    if (header !== null && rows.length)
      chunks.push({ body: `${header}\n${rows.join("\n")}\n`, offset: 0, line: firstLine });
    rows = [];
    bytes = headerBytes;
  };
  let line = 1;
  let start = 0;
  let startLine = 1;
  let quoted = false;
  for (let i = 0; i <= body.length; i += 1) {
    const c = i < body.length ? body.charCodeAt(i) : 10;
    if (c === 34) quoted = !quoted;
    if (c !== 10) continue;
    if (quoted && i < body.length) {
      // A line break inside a quoted field: the row goes on, on the file's next line.
      line += 1;
      continue;
    }
    const row = body.slice(start, i > start && body.charCodeAt(i - 1) === 13 ? i - 1 : i);
    const rowLine = startLine;
    line += 1;
    start = i + 1;
    startLine = line;
    if (i === body.length && row === "") break;
    if (header === null) {
      if (row.trim() === "") continue;
      header = row;
      headerBytes = utf8Length(row) + 1;
      bytes = headerBytes;
      if (headerBytes > max) return { ok: false, problem: "rowTooLong", row: String(rowLine) };
      continue;
    }
    const n = utf8Length(row) + 1;
    // A chunk is its header's bytes and its rows', each with its line break: `n` counts the row's.
    if (headerBytes + n > max) return { ok: false, problem: "rowTooLong", row: String(rowLine) };
    if (bytes + n > max) flush();
    if (!rows.length) firstLine = rowLine;
    rows.push(row);
    bytes += n;
  }
  flush();
  // A file of a header alone (or nothing): one chunk, for the API to say what it finds.
  if (!chunks.length) chunks.push({ body: header === null ? body : `${header}\n`, offset: 0, line: 2 });
  return { ok: true, chunks };
}

/** A Nook export's lists, in the file's order (packages/shared/src/user/export.ts). */
export const NOOK_KINDS = [
  "tags",
  "metrics",
  "stacks",
  "timers",
  "people",
  "checklists",
  "events",
  "donations",
  "entries",
] as const;

/** An export is an object, its rows a few levels deep (a stack's item's filter is the deepest, at 6). */
const NOOK_DEPTH_MAX = 16;

/**
 * Whether a text may be an export, read without parsing it: it opens with `{` and no bracket outside a
 * string goes deeper than NOOK_DEPTH_MAX.
 */
function exportShaped(text: string): boolean {
  let i = 0;
  while (i < text.length && /\s/.test(text[i] ?? "")) i += 1;
  if (text[i] !== "{") return false;
  let depth = 0;
  let quoted = false;
  for (; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) quoted = false;
    } else if (c === 34) quoted = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > NOOK_DEPTH_MAX) return false;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return true;
}

/** The line of a text an offset falls on. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
}

/**
 * A Nook export's text cut into chunks (ImportChunk). Its JSON is read here, in the browser, which holds
 * the file anyway; a document that is not an object is sent whole if it fits a chunk (the API names what
 * is wrong) and refused otherwise. The rows are not checked here: each chunk is read by the API's rules.
 */
export function nookChunks(text: string, max = IMPORT_CHUNK_BYTES): Chunked {
  // A larger text that is no export's shape is refused before it is parsed: a browser would take seconds
  // over 24 MB of `[` or of arrays nested twelve million deep (the bench's hostile files).
  if (utf8Length(text) > max && !exportShaped(text)) return { ok: false, problem: "notNook" };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    // V8 says where: "… in JSON at position 123" (or "(line 4 column 5)").
    // Or, in Firefox and Safari, "line 4 column 5".
    const at = /position (\d+)/.exec(String(err))?.[1];
    const line = /line (\d+)/.exec(String(err))?.[1];
    return {
      ok: false,
      problem: "notJson",
      line: line !== undefined ? Number(line) : at === undefined ? 1 : lineOf(text, Number(at)),
    };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    if (utf8Length(text) <= max) return { ok: true, chunks: [{ body: text, offset: 0, line: 2 }] };
    return { ok: false, problem: "notNook" };
  }
  const file = json as Record<string, unknown>;
  const empty: Record<string, unknown> = { ...file, donateInfo: null };
  for (const kind of NOOK_KINDS) if (Array.isArray(file[kind])) empty[kind] = [];
  const headBody = JSON.stringify({ ...empty, donateInfo: file.donateInfo ?? null });
  // The document less its rows: the profile, the page. A head past a chunk is no export.
  if (utf8Length(headBody) > max) return { ok: false, problem: "notNook" };
  const chunks: ImportChunk[] = [{ body: headBody, offset: 0, line: 2 }];
  const emptyBody = JSON.stringify(empty);
  // Where the rows go in a chunk's text: `"kind":[` and the `]` after it.
  for (const kind of NOOK_KINDS) {
    const rows = file[kind];
    if (!Array.isArray(rows) || !rows.length) continue;
    const marker = `${JSON.stringify(kind)}:[]`;
    const at = emptyBody.indexOf(marker) + marker.length - 1;
    const before = emptyBody.slice(0, at);
    const after = emptyBody.slice(at);
    // A row's `n` counts the comma before it, which the first row of a chunk has not: the frame, one less.
    const frame = utf8Length(before) + utf8Length(after) - 1;
    // The rows of the chunk being filled: their text, bytes and (entries) instant.
    let part: { row: string; n: number; date: unknown }[] = [];
    let bytes = frame;
    let first = 0;
    const flush = (keep: typeof part = []) => {
      if (part.length > keep.length)
        chunks.push({
          body: `${before}${part
            .slice(0, part.length - keep.length)
            .map((r) => r.row)
            .join(",")}${after}`,
          offset: first,
          line: 2,
        });
      first += part.length - keep.length;
      part = keep;
      bytes = frame + keep.reduce((sum, r) => sum + r.n, 0);
    };
    for (let i = 0; i < rows.length; i += 1) {
      const row = JSON.stringify(rows[i]) ?? "null";
      const n = utf8Length(row) + 1;
      if (frame + n > max) {
        const parts = kind === "stacks" ? stackParts(rows[i], frame, max) : null;
        if (!parts) return { ok: false, problem: "rowTooLong", row: `${kind}[${i}]` };
        // A stack too large for a chunk: its parts each a chunk of their own, at its place in the list.
        flush();
        parts.forEach((body, p) => {
          chunks.push({ body: `${before}${body}${after}`, offset: i, line: 2, stackPart: p === 0 ? "first" : "more" });
        });
        first = i + 1;
        continue;
      }
      const date = kind === "entries" ? (rows[i] as { date?: unknown } | null)?.date : undefined;
      if (bytes + n > max) {
        // The entries of this row's instant at the chunk's end go on with it, unless they fill the chunk.
        let k = part.length;
        while (date !== undefined && k > 0 && part[k - 1]?.date === date) k -= 1;
        const tail = k > 0 ? part.slice(k) : [];
        flush(frame + tail.reduce((sum, r) => sum + r.n, 0) + n <= max ? tail : []);
      }
      part.push({ row, n, date });
      bytes += n;
    }
    flush();
  }
  return { ok: true, chunks };
}

/**
 * A stack's row cut into rows of the same stack, each with a run of its items, each within a chunk (with
 * the chunk's `frame`); null when one item alone is too large, or the row is no stack.
 */
function stackParts(row: unknown, frame: number, max: number): string[] | null {
  if (typeof row !== "object" || row === null || !Array.isArray((row as { items?: unknown }).items)) return null;
  const { items, ...stack } = row as { items: unknown[] };
  const shell = JSON.stringify({ ...stack, items: [] });
  // The chunk holds the frame, the shell and its items, each item counted with a comma (the first's spare,
  // as the frame's own first row).
  const room = max - frame - utf8Length(shell);
  const open = shell.slice(0, -2);
  const parts: string[] = [];
  let part: string[] = [];
  let bytes = 0;
  const flush = () => {
    parts.push(`${open}${part.join(",")}]}`);
    part = [];
    bytes = 0;
  };
  for (const item of items) {
    const text = JSON.stringify(item) ?? "null";
    const n = utf8Length(text) + 1;
    if (n > room) return null;
    if (bytes + n > room) flush();
    part.push(text);
    bytes += n;
  }
  if (part.length || !parts.length) flush();
  return parts;
}

const countNames = (names: ImportNames) => ({ added: names.added.length, present: names.present.length });

/**
 * The answers to a file's chunks as one: counts summed, a tag or metric name counted once (added, if any
 * chunk adds it), custom moods by name (their rows summed, their first line), the rows left out listed up
 * to IMPORT_SKIPPED_LISTED, the file's donation page and profile from the chunk that holds them.
 */
export function mergeResults(results: ImportResult[]): ImportResult {
  const first = results[0];
  if (!first) throw new Error("mergeResults: no answers");
  const kinds: Record<string, { added: number; present: number }> = {};
  for (const r of results)
    for (const [kind, count] of Object.entries(r.kinds)) {
      const sum = kinds[kind] ?? { added: 0, present: 0 };
      kinds[kind] = { added: sum.added + count.added, present: sum.present + count.present };
    }
  const names = (pick: (r: ImportResult) => ImportNames): ImportNames => {
    const added = new Set<string>();
    const present = new Set<string>();
    for (const r of results) for (const name of pick(r).added) added.add(name);
    for (const r of results) for (const name of pick(r).present) if (!added.has(name)) present.add(name);
    return { added: [...added], present: [...present] };
  };
  const tags = names((r) => r.names.tags);
  const metrics = names((r) => r.names.metrics);
  const moods = new Map<string, ImportedMood>();
  for (const r of results)
    for (const m of r.customMoods) {
      const seen = moods.get(m.mood);
      moods.set(
        m.mood,
        seen
          ? { ...seen, count: seen.count + m.count, line: Math.min(seen.line, m.line), group: seen.group ?? m.group }
          : m,
      );
    }
  const skipped: ImportSkippedRow[] = results.flatMap((r) => r.skipped.rows).slice(0, IMPORT_SKIPPED_LISTED);
  return {
    format: first.format,
    written: results.every((r) => r.written),
    kinds: {
      ...kinds,
      entries: kinds.entries ?? { added: 0, present: 0 },
      tags: countNames(tags),
      metrics: countNames(metrics),
    },
    customMoods: [...moods.values()].sort((a, b) => a.line - b.line),
    moodsChanged: results.reduce((n, r) => n + r.moodsChanged, 0),
    skipped: { count: results.reduce((n, r) => n + r.skipped.count, 0), rows: skipped },
    donatePage: results.find((r) => r.donatePage)?.donatePage ?? null,
    // Every chunk of a Nook file holds the profile; the one that set it (the first) says so.
    profile: (results.find((r) => r.profile?.set) ?? results.find((r) => r.profile))?.profile ?? null,
    names: { tags, metrics },
  };
}
