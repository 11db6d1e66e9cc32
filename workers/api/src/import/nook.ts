import { message } from "@nook/shared/common/messages";
import type { ImportedProfile } from "@nook/shared/import/schemas";
import { type NookExport, NookExport as NookExportSchema } from "@nook/shared/user/export";
import * as v from "valibot";
import { ImportRefused } from "./import-error.ts";
import type { ImportedEntry } from "./imported-entry.ts";
import { byRouteRules, profileByRouteRules } from "./route-rules.ts";

/** The line of a JSON text an offset falls on. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line += 1;
  return line;
}

const WS = /[ \t\n\r]*/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a JSON string holds no raw control character (RFC 8259 §7).
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const SCALAR = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/**
 * Where a text stops being JSON (RFC 8259), for the line a refusal names:
 * JSON.parse says that it failed but, in workerd, not where. Iterative, so
 * deep nesting costs no stack.
 */
export function jsonErrorAt(text: string): number {
  let i = 0;
  const closers: string[] = [];
  let want: "value" | "key" | "after" = "value";
  const skip = () => {
    WS.lastIndex = i;
    WS.test(text);
    i = WS.lastIndex;
  };
  const take = (re: RegExp) => {
    re.lastIndex = i;
    if (!re.test(text)) return false;
    i = re.lastIndex;
    return true;
  };
  for (;;) {
    skip();
    const c = text[i];
    if (want === "value") {
      if (c === "{" || c === "[") {
        closers.push(c === "{" ? "}" : "]");
        i += 1;
        skip();
        if (text[i] === closers.at(-1)) {
          closers.pop();
          i += 1;
          want = "after";
        } else want = c === "{" ? "key" : "value";
      } else if (c === '"' ? take(STRING) : take(SCALAR)) want = "after";
      else return i;
    } else if (want === "key") {
      if (c !== '"' || !take(STRING)) return i;
      skip();
      if (text[i] !== ":") return i;
      i += 1;
      want = "value";
    } else {
      const top = closers.at(-1);
      if (top === undefined) return i;
      if (c === ",") {
        i += 1;
        want = top === "}" ? "key" : "value";
      } else if (c === top) {
        closers.pop();
        i += 1;
      } else return i;
    }
  }
}

/**
 * A Nook export (packages/shared/src/user/export.ts) read and checked whole
 * against its schema: JSON that breaks is refused with its line, a document
 * that is not an export with the first place that is not (`entries[12].date`).
 * Then each row is read by the rules of the route that writes its kind
 * (route-rules.ts), the first it would refuse named by its place, and its
 * profile's settings by the profile's (a value it would refuse left out, in
 * words). Its entries come out as the import's entries, each with its own
 * modification time, so an export imported into an empty account reads back
 * the same.
 */
export function readNook(
  text: string,
  offset = 0,
): { file: NookExport; entries: ImportedEntry[]; profile: Omit<ImportedProfile, "set"> } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse says that the text is not JSON, in workerd not where: jsonErrorAt finds the place.
    throw new ImportRefused(
      message("The file is not JSON: it breaks on line {line}", { line: lineOf(text, jsonErrorAt(text)) }),
    );
  }
  const parsed = v.safeParse(NookExportSchema, json);
  if (!parsed.success) {
    // A place as a reader of JSON writes it: `entries[12].date`, as a refused row is named (route-rules.ts).
    const path =
      (parsed.issues[0].path ?? []).reduce<string>(
        // A chunk's rows are at `offset` in the file's list (the list is the path's first key).
        (at, p, i) =>
          typeof p.key === "number"
            ? `${at}[${i === 1 ? p.key + offset : p.key}]`
            : at
              ? `${at}.${String(p.key)}`
              : String(p.key),
        "",
      ) || "format";
    throw new ImportRefused(
      message("The file is not a Nook export: {path} is not valid", { path: path.slice(0, 200) }),
    );
  }
  const file = byRouteRules(parsed.output, offset);
  const entries = file.entries.map((e, i): ImportedEntry => {
    // The export has no lines of its own: a refused entry was named by its place (`entries[12]`).
    const line = i + offset + 1;
    return {
      line,
      date: Date.parse(e.date),
      modifiedAt: Date.parse(e.modifiedAt),
      text: e.text,
      tags: e.tags,
      metrics: e.metrics,
    };
  });
  return { file, entries, profile: profileByRouteRules(file.profile) };
}
