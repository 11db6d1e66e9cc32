import { isCalendarDate, parseDate } from "@nook/shared/common/calendar-date";
import { type ApiMessage, message } from "@nook/shared/common/messages";
import { zonedTimeToMs } from "@nook/shared/common/time-zone";
import { DAYLIO_MOODS, IMPORT_MOODS_MAX, IMPORT_SKIPPED_LISTED, moodKey, moodShown } from "@nook/shared/import/limits";
import type { ImportedMood } from "@nook/shared/import/schemas";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN, ENTRY_TEXT_MAX } from "@nook/shared/journal/limits";
import { columns, readCsv } from "./csv.ts";
import { ImportRefused } from "./import-error.ts";
import { type ImportedEntry, importedTags, importedText } from "./imported-entry.ts";

/** Daylio's CSV export: `full_date,date,weekday,time,mood,activities,note_title,note` (note_title in newer versions). */
const COLUMNS = ["full_date", "time", "mood", "activities", "note"] as const;

/** "21:05", "9:05 PM", "9:05 p.m.", "09:05:00": hours and minutes on a 24-hour clock, or null. */
export function daylioTime(text: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(?:([ap])\.?\s*m\.?)?$/i.exec(text.trim());
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (minute > 59) return null;
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === "p" ? 12 : 0);
  } else if (hour > 23) return null;
  return { hour, minute };
}

export interface DaylioRead {
  entries: ImportedEntry[];
  /** The file's custom moods, in the order it first names them, at most IMPORT_MOODS_MAX, with their groups. */
  customMoods: ImportedMood[];
  /** The first row whose custom mood `moods` does not place, listed or not: a write is refused by it. */
  unplaced: { mood: string; line: number } | null;
  /** The rows left out (a note longer than an entry's text): how many, and the first IMPORT_SKIPPED_LISTED. */
  skipped: { count: number; rows: { line: number; said: ApiMessage }[] };
}

/**
 * A Daylio export as journal entries: the mood a `mood` metric of 1–5 (the
 * five groups rad…awful, a custom mood by the group `moods` gives it, known
 * by `moodKey`), the activities (` | ` between them) tags, the note's title
 * and the note the text (a blank line between), the date and time read in
 * `timeZone`. A custom mood `moods` does not place leaves that row's mood
 * out, for the preview to ask about (`customMoods`). A row whose text is
 * longer than an entry's is left out and listed (`skipped`), not the file
 * refused: one long note in years of rows is Daylio's to hold and not Nook's,
 * and the rest is still the person's. Any other row the journal would refuse
 * (a date, a tag) refuses the file, by its line: that is a file not read right.
 */
export function readDaylio(
  file: string,
  timeZone: string,
  moods: ReadonlyMap<string, number>,
  firstLine = 2,
): DaylioRead {
  const csv = readCsv(file, firstLine);
  const at = columns(csv, "Daylio", COLUMNS);
  const titleAt = csv.header.findIndex((h) => h.toLowerCase() === "note_title");
  const custom = new Map<string, ImportedMood>();
  let unplaced: DaylioRead["unplaced"] = null;
  const skipped: DaylioRead["skipped"] = { count: 0, rows: [] };
  const entries: ImportedEntry[] = [];
  for (const { line, cells } of csv.rows) {
    const cell = (i: number) => cells[i] ?? "";
    const day = cell(at.full_date).trim();
    const time = daylioTime(cell(at.time));
    const refuseDate = () =>
      new ImportRefused(
        message('Line {line}: "{date}" is not a date and time this import can read', {
          line,
          date: `${day} ${cell(at.time)}`.slice(0, 64),
        }),
      );
    if (!isCalendarDate(day) || !time) throw refuseDate();
    const d = parseDate(day);
    const date = zonedTimeToMs(d.year, d.month, d.day, time.hour, time.minute, timeZone);
    if (date < ENTRY_DATE_MIN || date > ENTRY_DATE_MAX) throw refuseDate();

    const title = titleAt === -1 ? "" : cell(titleAt).trim();
    const note = cell(at.note).trim();
    const text = [title, note].filter(Boolean).join("\n\n");
    if (text.length > ENTRY_TEXT_MAX) {
      skipped.count += 1;
      if (skipped.rows.length < IMPORT_SKIPPED_LISTED)
        skipped.rows.push({
          line,
          said: message("Line {line}: the text is longer than {max} characters", { line, max: ENTRY_TEXT_MAX }),
        });
      continue;
    }

    const word = cell(at.mood).trim().toLowerCase();
    // Own keys only: a mood called "constructor" is a custom mood, not Object's.
    const known = Object.hasOwn(DAYLIO_MOODS, word) ? DAYLIO_MOODS[word as keyof typeof DAYLIO_MOODS] : undefined;
    const key = known === undefined ? moodKey(cell(at.mood)) : "";
    const mood = key ? moods.get(key) : known;
    if (key) {
      const seen = custom.get(key);
      if (seen) seen.count += 1;
      else if (custom.size < IMPORT_MOODS_MAX)
        custom.set(key, { mood: moodShown(cell(at.mood)), count: 1, line, group: mood ?? null });
      if (mood === undefined) unplaced ??= { mood: moodShown(cell(at.mood)), line };
    }
    const activities = cell(at.activities)
      .split("|")
      .map((a) => a.trim())
      .filter(Boolean);
    entries.push({
      line,
      date,
      text: importedText(text, line),
      tags: importedTags(activities, line),
      metrics: mood === undefined ? [] : [{ name: "mood", value: mood }],
      // A mood not yet placed is no mood to compare: the preview would call every such row changed.
      moodOnly: !key || mood !== undefined,
    });
  }
  return { entries, customMoods: [...custom.values()], unplaced, skipped };
}
