import { isCalendarDate, parseDate } from "@nook/shared/common/calendar-date";
import { message } from "@nook/shared/common/messages";
import { zonedTimeToMs } from "@nook/shared/common/time-zone";
import { DAYLIO_MOODS, UNKNOWN_MOODS_LISTED } from "@nook/shared/import/limits";
import { ENTRY_DATE_MAX, ENTRY_DATE_MIN } from "@nook/shared/journal/limits";
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
  /** Moods that are none of the five groups and were not given one: the first line and how many rows. */
  unknownMoods: { mood: string; count: number; line: number }[];
}

/**
 * A Daylio export as journal entries: the mood a `mood` metric of 1–5 (the
 * five groups rad…awful, a custom mood by the group `moods` gives it), the
 * activities (` | ` between them) tags, the note's title and the note the
 * text (a blank line between), the date and time read in `timeZone`.
 * A mood the file names and `moods` does not place leaves that row's mood
 * out and is listed in `unknownMoods`, for the preview to ask about.
 */
export function readDaylio(file: string, timeZone: string, moods: ReadonlyMap<string, number>): DaylioRead {
  const csv = readCsv(file);
  const at = columns(csv, "Daylio", COLUMNS);
  const titleAt = csv.header.findIndex((h) => h.toLowerCase() === "note_title");
  const unknown = new Map<string, { mood: string; count: number; line: number }>();
  const entries = csv.rows.map(({ line, cells }): ImportedEntry => {
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

    const word = cell(at.mood).trim().toLowerCase();
    const mood = word ? (moods.get(word) ?? DAYLIO_MOODS[word as keyof typeof DAYLIO_MOODS]) : undefined;
    if (word && mood === undefined) {
      const seen = unknown.get(word);
      if (seen) seen.count += 1;
      else unknown.set(word, { mood: cell(at.mood).trim().slice(0, 64), count: 1, line });
    }
    const activities = cell(at.activities)
      .split("|")
      .map((a) => a.trim())
      .filter(Boolean);
    const title = titleAt === -1 ? "" : cell(titleAt).trim();
    const note = cell(at.note).trim();
    return {
      line,
      date,
      text: importedText([title, note].filter(Boolean).join("\n\n"), line),
      tags: importedTags(activities, line),
      metrics: mood === undefined ? [] : [{ name: "mood", value: mood }],
    };
  });
  return { entries, unknownMoods: [...unknown.values()].slice(0, UNKNOWN_MOODS_LISTED) };
}
