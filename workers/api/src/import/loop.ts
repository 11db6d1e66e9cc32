import { isCalendarDate, parseDate } from "@nook/shared/common/calendar-date";
import { message } from "@nook/shared/common/messages";
import { zonedTimeToMs } from "@nook/shared/common/time-zone";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "@nook/shared/journal/limits";
import { isMood } from "@nook/shared/journal/mood";
import Papa from "papaparse";
import { readCsv } from "./csv.ts";
import { ImportRefused } from "./import-error.ts";
import { type ImportedEntry, importedTag } from "./imported-entry.ts";

/**
 * A day's value as Loop Habit Tracker writes it (uhabits-core, Entry.kt and
 * HabitsCSVExporter.kt): since 2.3 each of the five special values as its
 * word (`Entry.formattedValue`), before that as its number. The person
 * checked the day only when it is YES_MANUAL (2): YES_AUTO (1) is Loop's own
 * fill-in for a day a weekly habit did not need, NO (0) not done, UNKNOWN
 * (-1) no answer, SKIP (3) skipped.
 */
const WORDS: Readonly<Record<string, number>> = { YES_MANUAL: 2, YES_AUTO: 1, NO: 0, SKIP: 3, UNKNOWN: -1 };
const YES_MANUAL = 2;
const SKIP = 3;
/**
 * A numeric habit's day is its amount ×1000 (5500 is 5.5), Loop's own int;
 * its skip is 3 and no answer -1, the same numbers (and, since 2.3, words).
 */
const AMOUNT_SCALE = 1000;

/** Loop's numbers: -1 and whole numbers of at most 12 digits (Loop's are ints, 10 at most). */
const NUMBER = /^(?:-1|\d{1,12})$/;
/** A score of Scores.csv ("0.2557", always with a point: Loop writes it in Locale.US). */
const SCORE = /^\d+\.\d+$/;

/**
 * Refuses, with the file to choose instead, what Loop's ZIP holds beside the
 * Checkmarks.csv at its top: Habits.csv (its header starts `Position,Name`), a
 * habit folder's own Checkmarks.csv or Scores.csv (`Date,Value,Notes` or
 * `Date,Score` since 2.3; before it no header, a date first), and a root
 * Checkmarks.csv whose header has more fields than its days: Loop writes the
 * names unquoted, so a name with a comma splits in two (the page, given the
 * ZIP, quotes them from Habits.csv). Only the first two rows are read here.
 */
function refuseOtherFiles(file: string): void {
  const head = Papa.parse<string[]>(file, { delimiter: ",", preview: 2, skipEmptyLines: "greedy" }).data;
  const header = (head[0] ?? []).map((h) => h.trim().toLowerCase());
  const first = head[1];
  const [a, b, c] = header;
  if (a === "position" && b === "name")
    throw new ImportRefused(
      message(
        "This is Loop Habit Tracker's {name}: the days you checked are in Checkmarks.csv. Choose that file, or the ZIP Loop exports",
        { name: "Habits.csv" },
      ),
    );
  const habitFile =
    isCalendarDate(a ?? "") ||
    (a === "date" && header.length === 3 && b === "value" && c === "notes") ||
    (a === "date" && header.length === 2 && b === "score");
  if (habitFile)
    throw new ImportRefused(
      message(
        "This is one habit's file from a folder of Loop Habit Tracker's ZIP: choose the Checkmarks.csv at the top of the ZIP, or the ZIP itself",
      ),
    );
  if (a !== "date")
    throw new ImportRefused(
      message("The file is not a {format} export: its first line lacks the column {column}", {
        format: "Loop Habit Tracker",
        column: "date",
      }),
    );
  if (!first) return;
  // Scores.csv has Checkmarks.csv's header: its days' scores tell it, and before a name's comma does.
  if (first.slice(1).some((cell) => SCORE.test(cell.trim()))) throw scoresRefused();
  if (first.length < header.length)
    throw new ImportRefused(
      message(
        "The first line has more fields than the days below it: a habit's name holds a comma, which Loop Habit Tracker writes unquoted. Choose the ZIP Loop exports instead: it names the habits",
      ),
    );
}

const scoresRefused = () =>
  new ImportRefused(
    message(
      "This is Loop Habit Tracker's {name}: the days you checked are in Checkmarks.csv. Choose that file, or the ZIP Loop exports",
      { name: "Scores.csv" },
    ),
  );

/** A habit's cell as Loop's number, or the refusal naming the line: Loop writes nothing else. */
function loopValue(cell: string, line: number): number {
  const s = cell.trim();
  const word = Object.hasOwn(WORDS, s) ? WORDS[s] : undefined;
  if (word !== undefined) return word;
  if (NUMBER.test(s)) return Number(s);
  if (SCORE.test(s)) throw scoresRefused();
  throw new ImportRefused(
    message('Line {line}: "{value}" is none of the values Loop Habit Tracker writes', { line, value: s.slice(0, 64) }),
  );
}

/**
 * Loop's `Checkmarks.csv` (a `Date` column, then one column per habit, each
 * row ending in a comma) as journal entries, at noon of each day in
 * `timeZone` (Loop keeps days, not times; noon is the same day in every
 * zone's own clock, DST included), each tagged with the habit's name:
 *
 * - a yes/no habit: an entry for each day the person checked (YES_MANUAL, or
 *   the older files' `2`);
 * - a numeric habit: an entry for each day with an amount above 0, carrying
 *   a metric named as its tag with the true amount (Loop's value / 1000).
 *   Zero is left out: Loop 1.x wrote 0 for every day nothing was recorded,
 *   and since 2.3 a 0 is the word NO, which a yes/no habit's rule leaves out
 *   too. The tag is there as on a yes/no habit's entries, so one habit is one
 *   tag whatever its type, and the metric holds how much.
 *
 * A numeric habit's column is one `numeric` names (the columns Habits.csv
 * calls NUMERICAL, Date being 0), or one holding any value above 3: a yes/no
 * habit never has one, in any Loop version.
 */
export function readLoop(
  file: string,
  timeZone: string,
  numeric: ReadonlySet<number> = new Set(),
  firstLine = 2,
): ImportedEntry[] {
  refuseOtherFiles(file);
  const csv = readCsv(file, firstLine);
  const dateAt = 0;
  const habits = csv.header.map((name, i) => (i === dateAt || !name ? null : importedTag(name, 1)));
  const days = csv.rows.map(({ line, cells }) => {
    const day = (cells[dateAt] ?? "").trim();
    const refuseDate = () =>
      new ImportRefused(
        message('Line {line}: "{date}" is not a date and time this import can read', { line, date: day.slice(0, 64) }),
      );
    if (!isCalendarDate(day)) throw refuseDate();
    const d = parseDate(day);
    const date = zonedTimeToMs(d.year, d.month, d.day, 12, 0, timeZone);
    if (date < ENTRY_DATE_MIN || date > ENTRY_DATE_MAX) throw refuseDate();
    return { line, date, values: habits.map((tag, i) => (tag ? loopValue(cells[i] ?? "", line) : null)) };
  });
  const amounts = habits.map(
    (tag, i) => tag !== null && (numeric.has(i) || days.some((d) => (d.values[i] ?? 0) > SKIP)),
  );
  const entries: ImportedEntry[] = [];
  for (const { line, date, values } of days)
    habits.forEach((tag, i) => {
      const value = values[i];
      if (!tag || value == null) return;
      if (!amounts[i]) {
        if (value === YES_MANUAL) entries.push({ line, date, text: "", tags: [tag], metrics: [] });
      } else if (value > 0 && value !== SKIP) {
        const amount = value / AMOUNT_SCALE;
        // The journal's own "mood" metric holds 1–5 only; any other amount (at most 1e9) any metric holds.
        if (tag === "mood" && !isMood(amount))
          throw new ImportRefused(
            message(
              'Line {line}: the habit "{name}" would be the journal\'s mood, a whole number from 1 to 5, and {value} is not one. Rename the habit in Loop Habit Tracker, or export without it',
              { line, name: csv.header[i] ?? tag, value: String(amount) },
            ),
          );
        entries.push({ line, date, text: "", tags: [tag], metrics: [{ name: tag, value: amount }] });
      }
    });
  return entries;
}
