import { profileTimeZone } from "@nook/shared/common/profile-zone";
import { zonedParts } from "@nook/shared/common/time-zone";
import { CSV_FIXED_COLUMNS, CSV_TAG_SEPARATOR, EXPORT_PAGE_ROWS } from "@nook/shared/user/limits";
import { and, asc, eq, ne } from "drizzle-orm";
import { metrics } from "../journal/schema.ts";
import type { Db } from "../platform/db.ts";
import { type EntryKey, type ExportEntryRow, exportEntries, exportProfile } from "./export-queries.ts";
import { iso, keyset } from "./export-stream.ts";

const MOOD = "mood";

/** What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180 §2): quoted when it holds a comma, a quote, CR or LF (a quote inside doubled),
 * as it is otherwise. A text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `@SUM(…)`, `-2+3`) is
 * written after a `'`, as OWASP advises: Excel and LibreOffice then show it as text, the `'` hidden. Every
 * cell written from text goes through here (an `@ada` tag shows as `@ada`; its file holds `'@ada`); the
 * metric values are numbers Nook writes itself (`String(value)`), which no spreadsheet reads as a formula.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A number's cell: as JavaScript writes it, never a formula, never prefixed. */
const numberField = (value: number) => String(value);

/** A record: fields joined by commas, ended by CRLF (RFC 4180 §2.1); a number's field as it is, a text's through `csvField`. */
export function csvRecord(fields: (string | number)[]): string {
  return `${fields.map((f) => (typeof f === "number" ? numberField(f) : csvField(f))).join(",")}\r\n`;
}

/** The byte-order mark that tells a spreadsheet the file is UTF-8 (Excel reads Cyrillic wrong without it). */
export const BOM = "\uFEFF";

/** A moment as the profile's wall clock, "2026-11-27 21:05": what a spreadsheet reads as a date and time. */
export function localDateTime(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

/**
 * `GET /api/user/export/entries.csv`: a byte-order mark, a header row (date, local time, text, tags, one
 * column a metric name in name order, mood last), then a row an entry, oldest first: the date in ISO 8601
 * (UTC), the same moment as the profile's wall clock (so a late-evening entry sits on its own day in a
 * spreadsheet), the tags joined by " | ", each metric's value or an empty cell. Safe to open in a
 * spreadsheet (`csvField`). The first trip (the profile and the metric names) carries the session check;
 * the entries follow a page at a time.
 */
export async function entriesCsv(db: Db, userId: number) {
  const [profile, names] = await db.batch([
    exportProfile(db, userId),
    db
      .select({ name: metrics.name })
      .from(metrics)
      .where(and(eq(metrics.userId, userId), ne(metrics.name, MOOD)))
      .orderBy(asc(metrics.name)),
  ]);
  const columns = [...names.map((m) => m.name), MOOD];
  const timeZone = profileTimeZone(profile[0]?.timeZone);
  const row = (e: ExportEntryRow) => {
    const values = new Map((JSON.parse(e.metrics) as { name: string; value: number }[]).map((m) => [m.name, m.value]));
    const tags = (JSON.parse(e.tags) as string[]).join(CSV_TAG_SEPARATOR);
    return csvRecord([
      iso(e.date),
      localDateTime(e.date, timeZone),
      e.text,
      tags,
      ...columns.map((name) => values.get(name) ?? ""),
    ]);
  };
  async function* rest() {
    for await (const page of keyset(
      (after: EntryKey | undefined) => exportEntries(db, userId, after, EXPORT_PAGE_ROWS),
      (e) => ({ date: e.date, id: e.id }),
      row,
      EXPORT_PAGE_ROWS,
    ))
      yield page.join("");
  }
  return {
    first: BOM + csvRecord([...CSV_FIXED_COLUMNS, ...columns]),
    rest: rest(),
    username: profile[0]?.username ?? "export",
    timeZone: profile[0]?.timeZone ?? null,
  };
}
