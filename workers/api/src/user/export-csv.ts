import { CSV_FIXED_COLUMNS, CSV_TAG_SEPARATOR, EXPORT_PAGE_ROWS } from "@nook/shared/user/limits";
import { and, asc, eq, ne } from "drizzle-orm";
import { metrics } from "../journal/schema.ts";
import type { Db } from "../platform/db.ts";
import { type EntryKey, type ExportEntryRow, exportEntries, exportProfile } from "./export-queries.ts";
import { iso, keyset } from "./export-stream.ts";

const MOOD = "mood";

/**
 * One CSV field (RFC 4180 §2): quoted when it holds a comma, a quote, CR or LF (a quote inside doubled),
 * as it is otherwise. Nothing is added to a text that starts with `=`, `+`, `-` or `@` (the "formula
 * injection" guard some exports put in): every cell is the user's own writing, downloaded by the user,
 * and a changed cell would not read back as written (an `@ada` tag is a person, `-5` a value).
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A record: fields joined by commas, ended by CRLF (RFC 4180 §2.1). */
export function csvRecord(fields: string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * `GET /api/user/export/entries.csv`: a header row (date, text, tags, one column a metric name in name
 * order, mood last), then a row an entry, oldest first: the date in ISO 8601 (UTC), the tags joined by
 * " | ", each metric's value or an empty cell. The first trip (the profile and the metric names) carries
 * the session check; the entries follow a page at a time.
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
  const row = (e: ExportEntryRow) => {
    const values = new Map((JSON.parse(e.metrics) as { name: string; value: number }[]).map((m) => [m.name, m.value]));
    const tags = (JSON.parse(e.tags) as string[]).join(CSV_TAG_SEPARATOR);
    return csvRecord([
      iso(e.date),
      e.text,
      tags,
      ...columns.map((name) => (values.has(name) ? String(values.get(name)) : "")),
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
    first: csvRecord([...CSV_FIXED_COLUMNS, ...columns]),
    rest: rest(),
    username: profile[0]?.username ?? "export",
    timeZone: profile[0]?.timeZone ?? null,
  };
}
