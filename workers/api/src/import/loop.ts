import { isCalendarDate, parseDate } from "@nook/shared/common/calendar-date";
import { message } from "@nook/shared/common/messages";
import { zonedTimeToMs } from "@nook/shared/common/time-zone";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "@nook/shared/journal/limits";
import { readCsv } from "./csv.ts";
import { ImportRefused } from "./import-error.ts";
import { type ImportedEntry, importedTag } from "./imported-entry.ts";

/**
 * Loop Habit Tracker marks a day `2` when the person checked the habit
 * (YES_MANUAL). `1` is Loop's own fill-in for a day a weekly habit did not
 * need (YES_AUTO), `0` not done, `-1` unknown, `3` skipped: none of them is
 * something the person did that day.
 */
const CHECKED = "2";

/**
 * Loop's `Checkmarks.csv` (a `Date` column, then one column per habit) as
 * journal entries: each checked day of a habit an entry tagged with the
 * habit's name, at noon of that day in `timeZone` (Loop keeps days, not
 * times; noon is the same day in every zone's own clock, DST included).
 */
export function readLoop(file: string, timeZone: string): ImportedEntry[] {
  const csv = readCsv(file);
  // Loop writes the day first; a file with a "date" column elsewhere (Daylio's second) is not Loop's.
  const dateAt = 0;
  if (csv.header[dateAt]?.toLowerCase() !== "date")
    throw new ImportRefused(
      message("The file is not a {format} export: its first line lacks the column {column}", {
        format: "Loop Habit Tracker",
        column: "date",
      }),
    );
  const habits = csv.header.map((name, i) => (i === dateAt || !name ? null : importedTag(name, 1)));
  const entries: ImportedEntry[] = [];
  for (const { line, cells } of csv.rows) {
    const day = (cells[dateAt] ?? "").trim();
    const refuseDate = () =>
      new ImportRefused(
        message('Line {line}: "{date}" is not a date and time this import can read', { line, date: day.slice(0, 64) }),
      );
    if (!isCalendarDate(day)) throw refuseDate();
    const d = parseDate(day);
    const date = zonedTimeToMs(d.year, d.month, d.day, 12, 0, timeZone);
    if (date < ENTRY_DATE_MIN || date > ENTRY_DATE_MAX) throw refuseDate();
    habits.forEach((tag, i) => {
      if (tag && (cells[i] ?? "").trim() === CHECKED) entries.push({ line, date, text: "", tags: [tag], metrics: [] });
    });
  }
  return entries;
}
