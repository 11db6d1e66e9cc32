import { unzipSync } from "fflate";

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

/** Why a ZIP cannot be sent: not a ZIP, no Checkmarks.csv in it, or that file is not UTF-8. */
export type LoopZipProblem = "notZip" | "noCheckmarks" | "notText";

export type LoopZipRead = ({ ok: true } & LoopUpload) | { ok: false; problem: LoopZipProblem };

const CHECKMARKS = "Checkmarks.csv";
const HABITS = "Habits.csv";

/** A file's folder in the ZIP ("" at its top) and its own name. */
function splitPath(path: string): { folder: string; name: string } {
  const at = path.lastIndexOf("/");
  return { folder: path.slice(0, at + 1), name: path.slice(at + 1) };
}

/** UTF-8 text (a leading byte-order mark dropped, as TextDecoder does), or null: the API would refuse it. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
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

/**
 * Loop's ZIP as what the page sends: the Checkmarks.csv nearest its top
 * (Loop's, not a habit folder's; a ZIP made again of Loop's folder holds it
 * one folder down), its names quoted from the Habits.csv beside it.
 */
export function readLoopZip(zip: Uint8Array): LoopZipRead {
  let files: Record<string, Uint8Array>;
  try {
    // Only the two files this needs are inflated, not each habit's Scores.csv.
    const wanted = new Set([CHECKMARKS, HABITS]);
    files = unzipSync(zip, { filter: (f) => wanted.has(splitPath(f.name).name) });
  } catch {
    return { ok: false, problem: "notZip" };
  }
  const depth = (path: string) => path.split("/").length;
  const found = Object.keys(files)
    .filter((path) => splitPath(path).name === CHECKMARKS)
    .sort((a, b) => depth(a) - depth(b))[0];
  if (found === undefined) return { ok: false, problem: "noCheckmarks" };
  const checkmarks = utf8(files[found] as Uint8Array);
  if (checkmarks === null) return { ok: false, problem: "notText" };
  const habitsBytes = files[`${splitPath(found).folder}${HABITS}`];
  const habits = habitsBytes ? utf8(habitsBytes) : null;
  return { ok: true, ...quoteHeader(checkmarks, habits) };
}
