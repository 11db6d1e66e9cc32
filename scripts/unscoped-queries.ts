/**
 * The API's queries that do not name their user, found by reading the source (README "Past one database":
 * each must be a row of the scale plan's table, as the shards or the objects per user change it).
 * No parser: the code is Biome-formatted TypeScript, read as text with its comments and strings set apart.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** A query in a source file: where it begins, its text (a drizzle chain, or a prepared statement's SQL), and whether it names its user. */
export interface Query {
  file: string;
  line: number;
  text: string;
  scoped: boolean;
}

/**
 * The source with its comments blanked (`code`), and with its strings' contents blanked too (`bare`): same
 * length, so positions hold; and where each string or template literal is (a template with what it interpolates).
 */
export function blank(source: string): { code: string; bare: string; literals: [start: number, end: number][] } {
  const code = source.split("");
  const bare = source.split("");
  const literals: [number, number][] = [];
  let literalStart = 0;
  /** Open template literals' `${` depths: a `}` at one of them goes back into the template. */
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const blankAt = (to: string[], from: number, end: number) => {
    for (let k = from; k < end; k += 1) if (to[k] !== "\n") to[k] = " ";
  };
  /** Reads a string or a template's text from `i` (after its opening quote) to its end; true when a template's `${` stopped it. */
  const readText = (quote: string): boolean => {
    const from = i;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === "\\") i += 1;
      else if (quote === "`" && source[i] === "$" && source[i + 1] === "{") {
        blankAt(bare, from, i);
        i += 2;
        templates.push(depth);
        depth += 1;
        return true;
      }
      i += 1;
    }
    blankAt(bare, from, i);
    i += 1;
    return false;
  };
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i) === -1 ? source.length : source.indexOf("\n", i);
      blankAt(code, i, end);
      blankAt(bare, i, end);
      i = end;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2) === -1 ? source.length : source.indexOf("*/", i + 2) + 2;
      blankAt(code, i, end);
      blankAt(bare, i, end);
      i = end;
    } else if (c === "/" && /(^|[(,=:[!&|?{};]|\breturn)\s*$/.test(source.slice(Math.max(0, i - 12), i))) {
      // A regular expression literal: read to its closing slash, past classes and escapes.
      const from = i + 1;
      let inClass = false;
      i += 1;
      while (i < source.length && source[i] !== "\n" && (inClass || source[i] !== "/")) {
        if (source[i] === "\\") i += 1;
        else if (source[i] === "[") inClass = true;
        else if (source[i] === "]") inClass = false;
        i += 1;
      }
      blankAt(bare, from, i);
      i += 1;
    } else if (c === '"' || c === "'" || c === "`") {
      if (!templates.length) literalStart = i;
      i += 1;
      if (!readText(c) && !templates.length) literals.push([literalStart, i]);
    } else if (c === "}" && templates.at(-1) === depth - 1) {
      templates.pop();
      depth -= 1;
      i += 1;
      if (!readText("`") && !templates.length) literals.push([literalStart, i]);
    } else {
      if (c === "{" || c === "(" || c === "[") depth += 1;
      else if (c === "}" || c === ")" || c === "]") depth -= 1;
      i += 1;
    }
  }
  return { code: code.join(""), bare: bare.join(""), literals };
}

/** Where the expression beginning at `from` ends: a `;` or `,` outside brackets, or the bracket that closes around it. */
function expressionEnd(bare: string, from: number): number {
  let depth = 0;
  for (let i = from; i < bare.length; i += 1) {
    const c = bare[i];
    if (c === "(" || c === "[" || c === "{") depth += 1;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return i;
      depth -= 1;
    } else if ((c === ";" || c === ",") && depth === 0) return i;
  }
  return bare.length;
}

/** Where the arguments of every call to `.name(` in `[from, to)` are. */
function callArguments(bare: string, name: string, from: number, to: number): [number, number][] {
  const found: [number, number][] = [];
  const call = new RegExp(`\\.\\s*${name}\\s*\\(`, "g");
  call.lastIndex = from;
  for (let m = call.exec(bare); m && m.index < to; m = call.exec(bare)) {
    const open = m.index + m[0].length;
    found.push([open, expressionEnd(bare, open)]);
  }
  return found;
}

/** A user named in a filter: a `userId` column or variable, `user_id` in SQL, or the users table's own id. */
const NAMES_USER = /\buserId\b|\buser_id\b|\busers\.id\b/;

/** A drizzle query's start on a database (`db`, `c.var.db`, `this.db`, …). */
const DRIZZLE = /\b\w*db\s*\.\s*(?:select|selectDistinct|insert|update|delete)\s*\(/gi;
/** A text that is a drizzle query: it begins with one. */
const QUERY_START = new RegExp(`^\\s*(?:await\\s+)?(?:\\w+\\s*\\.\\s*)*${DRIZZLE.source}`, "i");
/** A literal holding a statement of raw SQL (`prepare("…")`, sql`SELECT …`): its first word. */
const RAW_SQL = /^[`'"]\s*(?:select|insert|update|delete|replace|with)\b/i;

/** A file read for its queries: its text two ways (blank), and where its names are defined. */
interface Source {
  code: string;
  bare: string;
  /**
   * Where the text a name stands for is, as used at `at`: a `const`'s initializer (or the one it is destructured
   * from), a function's parameters and
   * body; the nearest one before `at` (the one in scope, as the code is written), else the first after.
   */
  definition(name: string, at: number): [from: number, to: number] | undefined;
}

function sourceOf(source: string): Source & { literals: [number, number][] } {
  const { code, bare, literals } = blank(source);
  // Every declaration, read once: `const name =`, `const { a, b } =`, `function name(`.
  const definitions = new Map<string, [number, number][]>();
  for (const m of bare.matchAll(
    /\b(?:(?:const|let)\s+(\w+|\{[^}=]*\})\s*(?::[^=;]+)?=(?!=)|function\s+(\w+)\s*[(<])/g,
  )) {
    const from = m.index + m[0].length;
    // A function's body ends at its closing brace at the start of a line; a constant, where its expression does.
    const span: [number, number] = [from, m[2] ? bare.indexOf("\n}", from) + 2 : expressionEnd(bare, from)];
    for (const name of (m[2] ?? m[1] ?? "").match(/\w+/g) ?? [])
      definitions.set(name, [...(definitions.get(name) ?? []), span]);
  }
  return {
    code,
    bare,
    literals,
    definition(name, at) {
      const spans = definitions.get(name) ?? [];
      return spans.findLast(([from]) => from < at) ?? spans[0];
    },
  };
}

/**
 * The text that filters a query's rows: its `.where(` arguments and what it reads `.from(` (an insert: its
 * `.values(` or the `.select(` it inserts),
 * with what the names used there stand for, followed through their definitions in the same file (a query
 * kept in a constant, `owned`, is followed through its own filter, never its joins).
 */
function filterOf(file: Source, from: number, to: number, seen = new Set<string>()): string {
  const query = QUERY_START.exec(file.code.slice(from, to));
  const filters = query
    ? ["where", "from", "values", ...(/insert/i.test(query[0]) ? ["select"] : [])].flatMap((call) =>
        callArguments(file.bare, call, from, to),
      )
    : [[from, to] as [number, number]];
  let out = filters.map(([a, b]) => file.code.slice(a, b)).join(" ");
  // The names used (in code, or interpolated in SQL: not the words of a string), not the properties read on
  // them (`found.passkey.id`: `found`).
  const names = filters.map(([a, b]) => file.bare.slice(a, b).replaceAll("...", " ")).join(" ");
  for (const name of new Set(names.match(/(?<![.\w$])[A-Za-z_]\w*/g) ?? [])) {
    if (seen.has(name)) continue;
    seen.add(name);
    const definition = file.definition(name, from);
    if (definition) out += ` ${filterOf(file, ...definition, seen)}`;
  }
  return out;
}

/**
 * The queries of one source file, each judged whether it names its user. A drizzle query (a subquery being
 * part of its query) is scoped when its filter names the user: the arguments of its `.where(` and `.from(`
 * (an insert's `.values(`, or the `.select(` it inserts), with what the names there stand for in the same file. A raw
 * statement (a string or template beginning SELECT, INSERT, UPDATE, DELETE, WITH) when its text names
 * `user_id` or a `userId`. A join's condition or a column selected does not scope a query: only what
 * filters its rows.
 */
export function queriesOf(path: string, source: string): Query[] {
  const file = sourceOf(source);
  const lineOf = (at: number) => source.slice(0, at).split("\n").length;
  const queries: Query[] = [];
  const spans: [number, number][] = [];
  const within = (at: number) => spans.some(([from, to]) => at > from && at < to);
  for (const m of file.bare.matchAll(DRIZZLE)) {
    if (within(m.index)) continue;
    const end = expressionEnd(file.bare, m.index);
    spans.push([m.index, end]);
    queries.push({
      file: path,
      line: lineOf(m.index),
      text: file.code.slice(m.index, end),
      scoped: NAMES_USER.test(filterOf(file, m.index, end)),
    });
  }
  for (const [from, to] of file.literals) {
    const text = file.code.slice(from, to);
    if (within(from) || !RAW_SQL.test(text)) continue;
    queries.push({ file: path, line: lineOf(from), text, scoped: NAMES_USER.test(filterOf(file, from, to)) });
  }
  return queries.sort((a, b) => a.line - b.line);
}

/** Whether a file under the API's source is code that ships: not a test, nor a test's helper or mock. */
export const ships = (path: string) =>
  path.endsWith(".ts") &&
  !path.endsWith(".d.ts") &&
  !/(^|\/)test\//.test(path) &&
  !/\.test\.ts$|(^|\/)test-[\w-]+\.ts$|-mock\.ts$/.test(path);

/** Every query of the API's shipped source under `root` (`workers/api/src`), files named from there. */
export function apiQueries(root: string): Query[] {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((path) => path.split("\\").join("/"))
    .filter(ships)
    .sort();
  return files.flatMap((path) => queriesOf(relative(root, join(root, path)), readFileSync(join(root, path), "utf8")));
}
