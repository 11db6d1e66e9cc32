import { IMPORT_BYTES_MAX, IMPORT_ZIP_RATIO_FROM_BYTES, IMPORT_ZIP_RATIO_MAX } from "@nook/shared/import/limits";
import { unpackEntry, type ZipEntry, zipEntries } from "./zip-entries.ts";

/**
 * Loop Habit Tracker's ZIP, read in the browser (the import page loads this
 * module, and fflate with it, only when a ZIP is chosen). Loop's exporter
 * (uhabits-core, HabitsCSVExporter.kt) writes at the ZIP's top
 * `Checkmarks.csv` (a `Date` column, then each habit's name unquoted, each
 * followed by a comma), `Scores.csv` and `Habits.csv` (HabitList.writeCSV: a
 * quoted CSV with the columns Position, Name, Type — YES_NO or NUMERICAL since
 * 2.3 —, Question, Description, …), and a folder for each habit. The API
 * reads Checkmarks.csv; this sends it with each name quoted from Habits.csv,
 * since a name with a comma splits Loop's own header.
 */

/** What the page sends: the Checkmarks.csv to POST, and the columns (Date is 0) of numeric habits. */
export interface LoopUpload {
  csv: string;
  numeric: number[];
}

/**
 * Why a ZIP cannot be sent: not a ZIP (or one whose file unpacks to more than it declares), no Checkmarks.csv
 * in it, or that file is not UTF-8; or it unpacks to more than an import reads (`overSize`), or to more times
 * its own size than a ZIP not made to harm does (`overRatio`): ZipLimits.
 */
export type LoopZipProblem = "notZip" | "noCheckmarks" | "notText" | "overSize" | "overRatio";

export type LoopZipRead = ({ ok: true } & LoopUpload) | { ok: false; problem: LoopZipProblem };

const CHECKMARKS = "Checkmarks.csv";
const HABITS = "Habits.csv";

/** A file's folder in the ZIP ("" at its top) and its own name. */
function splitPath(path: string): { folder: string; name: string } {
  const at = path.lastIndexOf("/");
  return { folder: path.slice(0, at + 1), name: path.slice(at + 1) };
}

/** A CSV as rows of cells (RFC 4180, as opencsv writes Habits.csv: quotes doubled inside quoted fields). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A field quoted as RFC 4180 has it: in double quotes, each of its quotes doubled. */
const quoted = (field: string) => `"${field.replaceAll('"', '""')}"`;

/** Habits.csv's habits, in its order: each name, and whether it is numeric (unknown before 2.3: no Type column). */
function habitsOf(text: string): { name: string; numeric: boolean }[] {
  const [header = [], ...rows] = parseCsv(text);
  const column = (title: string) => header.findIndex((h) => h.trim().toLowerCase() === title);
  const nameAt = column("name");
  const typeAt = column("type");
  if (nameAt === -1) return [];
  return rows
    .filter((r) => r.length > nameAt)
    .map((r) => ({ name: r[nameAt] ?? "", numeric: typeAt !== -1 && r[typeAt]?.trim() === "NUMERICAL" }));
}

/**
 * The names Loop joined with commas, split back into `count` names each of
 * which Habits.csv holds (a name with a comma spans several fields), or null
 * when no split fits. Longer names are tried first; a dead end, by place and
 * names left, is remembered, so the search is bounded however names overlap.
 */
export function splitNames(joined: string, count: number, names: readonly string[]): string[] | null {
  const known = [...new Set(names)].sort((a, b) => b.length - a.length);
  const dead = new Set<string>();
  const walk = (at: number, left: number): string[] | null => {
    const key = `${at}:${left}`;
    if (dead.has(key)) return null;
    for (const name of known) {
      if (!joined.startsWith(name, at)) continue;
      const end = at + name.length;
      if (left === 1) {
        if (end === joined.length) return [name];
        continue;
      }
      if (joined[end] !== ",") continue;
      const rest = walk(end + 1, left - 1);
      if (rest) return [name, ...rest];
    }
    dead.add(key);
    return null;
  };
  return count > 0 ? walk(0, count) : null;
}

/**
 * Checkmarks.csv with its header's names quoted from Habits.csv, and the
 * columns of the numeric ones; the file as it is (and no columns) when its
 * names cannot be matched, for the API to judge and explain.
 */
export function quoteHeader(checkmarks: string, habitsCsv: string | null): LoopUpload {
  const asIs = { csv: checkmarks, numeric: [] };
  const headerEnd = checkmarks.search(/\r?\n/);
  if (headerEnd === -1 || habitsCsv === null) return asIs;
  const header = checkmarks.slice(0, headerEnd);
  const rest = checkmarks.slice(headerEnd);
  const lead = "Date,";
  if (!header.startsWith(lead)) return asIs;
  // Loop ends the header and every day with a comma; a day's cells count the habits, since its values hold none.
  const trailing = header.endsWith(",");
  const joined = header.slice(lead.length, trailing ? -1 : undefined);
  const day = rest.split(/\r?\n/).find((l) => l.trim() !== "");
  if (!day) return asIs;
  const count = day.split(",").length - 1 - (trailing ? 1 : 0);
  const habits = habitsOf(habitsCsv);
  const names = splitNames(
    joined,
    count,
    habits.map((h) => h.name),
  );
  if (!names) return asIs;
  // Two habits may share a name: the nth time a name comes is Habits.csv's nth habit of that name.
  const seen = new Map<string, number>();
  const numeric: number[] = [];
  names.forEach((name, i) => {
    const nth = seen.get(name) ?? 0;
    seen.set(name, nth + 1);
    const same = habits.filter((h) => h.name === name);
    if ((same[nth] ?? same.at(-1))?.numeric) numeric.push(i + 1);
  });
  const csv = `${lead}${names.map(quoted).join(",")}${trailing ? "," : ""}${rest}`;
  return { csv, numeric };
}

/** What the ZIP's entries may unpack to, together: at most `bytes`, and `ratio` times the ZIP's size once past `ratioFrom`. */
export interface ZipLimits {
  bytes: number;
  ratio: number;
  ratioFrom: number;
}

export const ZIP_LIMITS: ZipLimits = {
  bytes: IMPORT_BYTES_MAX,
  ratio: IMPORT_ZIP_RATIO_MAX,
  ratioFrom: IMPORT_ZIP_RATIO_FROM_BYTES,
};

/**
 * An entry unpacked as UTF-8 text (a leading byte-order mark dropped, as TextDecoder does; null when it is
 * not UTF-8, which the API would refuse), decoded as it comes so its bytes are not held beside the text; or
 * null for the entry when it cannot be unpacked, or unpacks to more than the ZIP declares.
 */
function unpackText(zip: Uint8Array, entry: ZipEntry): { text: string | null } | null {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parts: string[] = [];
  let text = true;
  const unpacked = unpackEntry(zip, entry, (bytes) => {
    if (!text) return;
    try {
      parts.push(decoder.decode(bytes, { stream: true }));
    } catch {
      text = false;
      parts.length = 0;
    }
  });
  if (!unpacked) return null;
  try {
    if (text) parts.push(decoder.decode());
  } catch {
    text = false;
  }
  return { text: text ? parts.join("") : null };
}

/**
 * Loop's ZIP as what the page sends: the Checkmarks.csv nearest its top
 * (Loop's, not a habit folder's; a ZIP made again of Loop's folder holds it
 * one folder down), its names quoted from the Habits.csv beside it. Those two
 * are the only entries unpacked. What the ZIP declares they unpack to is held
 * to `limits`, and what they do unpack to is counted against what it declares,
 * so a ZIP that declares less is stopped as soon as it unpacks more (notZip):
 * the tab never holds more than the limits.
 */
export function readLoopZip(zip: Uint8Array, limits: ZipLimits = ZIP_LIMITS): LoopZipRead {
  const notZip: LoopZipRead = { ok: false, problem: "notZip" };
  const entries = zipEntries(zip);
  if (!entries) return notZip;
  const depth = (path: string) => path.split("/").length;
  const found = entries
    .filter((e) => splitPath(e.name).name === CHECKMARKS)
    .sort((a, b) => depth(a.name) - depth(b.name))[0];
  if (found === undefined) return { ok: false, problem: "noCheckmarks" };
  const habitsEntry = entries.find((e) => e.name === `${splitPath(found.name).folder}${HABITS}`);
  // Past `ratioFrom` the ratio binds unless the size binds first: the refusal names the one that does.
  const byRatio = Math.max(limits.ratioFrom, limits.ratio * zip.length);
  if (found.declared + (habitsEntry?.declared ?? 0) > Math.min(limits.bytes, byRatio))
    return { ok: false, problem: byRatio < limits.bytes ? "overRatio" : "overSize" };
  const checkmarks = unpackText(zip, found);
  if (!checkmarks) return notZip;
  if (checkmarks.text === null) return { ok: false, problem: "notText" };
  const habits = habitsEntry ? unpackText(zip, habitsEntry) : { text: null };
  if (!habits) return notZip;
  return { ok: true, ...quoteHeader(checkmarks.text, habits.text) };
}
