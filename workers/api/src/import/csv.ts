import { message } from "@nook/shared/common/messages";
import { IMPORT_ROWS_MAX } from "@nook/shared/import/limits";
import Papa from "papaparse";
import { ImportRefused } from "./import-error.ts";

/** A row of a CSV file: its cells, and the line of the file it starts on (1 is the header). */
export interface CsvRow {
  line: number;
  cells: string[];
}

export interface Csv {
  /** The first line's column names, trimmed. */
  header: string[];
  rows: CsvRow[];
}

/**
 * Reads a CSV file (RFC 4180: quoted fields may hold commas, quotes and
 * line breaks) with papaparse. Blank lines are skipped; a row whose field
 * count differs from the header's, or an unclosed quote, refuses the file
 * with its line. Each row keeps the line it starts on, so a later refusal
 * (a date, a mood) names the line a person sees in an editor: a chunk of a
 * file (import/chunks.ts) says the file's line of its first row, `firstLine`.
 */
export function readCsv(text: string, firstLine = 2): Csv {
  const rows: CsvRow[] = [];
  let header: string[] | null = null;
  let line = 1;
  let counted = 0;
  // The line a row starts on: the line breaks before its first character.
  const lineAt = (offset: number) => {
    for (let i = text.indexOf("\n", counted); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line += 1;
    counted = Math.max(counted, offset);
    return line;
  };
  let start = 0;
  let refused: ImportRefused | null = null;
  Papa.parse<string[]>(text, {
    delimiter: ",",
    skipEmptyLines: false,
    step(result, parser) {
      const at = lineAt(start);
      start = result.meta.cursor;
      const cells = result.data;
      const quote = result.errors.find((e) => e.type === "Quotes");
      if (quote) {
        refused = new ImportRefused(
          message("Line {line}: a quoted field is not closed", { line: header ? at + firstLine - 2 : at }),
        );
        parser.abort();
        return;
      }
      if (cells.length === 1 && cells[0]?.trim() === "") return;
      if (!header) {
        header = cells.map((c) => c.trim());
        return;
      }
      if (cells.length !== header.length) {
        refused = new ImportRefused(
          message("Line {line} has {found} fields where the first line names {expected}", {
            line: header ? at + firstLine - 2 : at,
            found: cells.length,
            expected: header.length,
          }),
        );
        parser.abort();
        return;
      }
      if (rows.length === IMPORT_ROWS_MAX) {
        refused = new ImportRefused(message("A file to import holds at most {max} rows", { max: IMPORT_ROWS_MAX }));
        parser.abort();
        return;
      }
      rows.push({ line: at + firstLine - 2, cells });
    },
  });
  if (refused) throw refused;
  if (!header) throw new ImportRefused(message("The file is empty"));
  return { header, rows };
}

/** The column of each name, or the refusal naming the first one the file lacks. */
export function columns<const N extends string>(csv: Csv, format: string, names: readonly N[]): Record<N, number> {
  const out = {} as Record<N, number>;
  for (const name of names) {
    const at = csv.header.findIndex((h) => h.toLowerCase() === name);
    if (at === -1)
      throw new ImportRefused(
        message("The file is not a {format} export: its first line lacks the column {column}", {
          format,
          column: name,
        }),
      );
    out[name] = at;
  }
  return out;
}
