import * as v from "valibot";
import { message } from "../common/messages.ts";
import { text, timeZone } from "../common/validation.ts";
import { IMPORT_FORMATS, IMPORT_MOOD_WORD_MAX, IMPORT_MOODS_MAX, LOOP_HABITS_MAX } from "./limits.ts";

export * from "./limits.ts";

const MOODS_WORDS = message("moods is a list of word:group pairs, each group a number from 1 to 5");

/**
 * A Daylio custom mood's group, as `moods=ecstatic:5,tired:2`: Daylio's CSV
 * names a custom mood but not its group, so the person says it (the preview
 * lists the words it does not know). Words compare lower-cased and trimmed.
 */
const moods = v.pipe(
  text("moods", IMPORT_MOODS_MAX * (IMPORT_MOOD_WORD_MAX + 3), MOODS_WORDS),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const out = new Map<string, number>();
    for (const pair of dataset.value.split(",")) {
      if (!pair.trim()) continue;
      const at = pair.lastIndexOf(":");
      const word = pair.slice(0, at).trim().toLowerCase();
      const group = Number(pair.slice(at + 1).trim());
      if (at < 1 || !word || word.length > IMPORT_MOOD_WORD_MAX || !Number.isInteger(group) || group < 1 || group > 5) {
        addIssue({ message: MOODS_WORDS });
        return NEVER;
      }
      out.set(word, group);
    }
    if (out.size > IMPORT_MOODS_MAX) {
      addIssue({ message: MOODS_WORDS });
      return NEVER;
    }
    return out;
  }),
);

const NUMERIC_COLUMNS = message("numeric is a list of column numbers from 1 to {max}", { max: LOOP_HABITS_MAX });

/**
 * Loop Habit Tracker's numeric habits, as `numeric=2,5`: the columns of
 * Checkmarks.csv (Date is 0, the first habit 1) whose habits Habits.csv calls
 * NUMERICAL. The page reads it from Loop's ZIP; without it the import tells
 * a numeric habit by its amounts (any value above 3), which misses only a
 * habit whose every amount is 0.003 or less.
 */
const numericColumns = v.pipe(
  text("numeric", LOOP_HABITS_MAX * 5, NUMERIC_COLUMNS),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const out = new Set<number>();
    for (const part of dataset.value.split(",")) {
      if (!part.trim()) continue;
      const column = Number(part.trim());
      if (!/^\d{1,4}$/.test(part.trim()) || column < 1 || column > LOOP_HABITS_MAX) {
        addIssue({ message: NUMERIC_COLUMNS });
        return NEVER;
      }
      out.add(column);
    }
    return out;
  }),
);

/** `POST /api/user/import?format=…&dryRun=1&moods=…&numeric=…&tz=…`: the file is the body. */
export const ImportQuery = v.object({
  format: v.picklist(IMPORT_FORMATS, message("format is one of {formats}", { formats: IMPORT_FORMATS.join(", ") })),
  /** 1 or true: answer the preview and write nothing. */
  dryRun: v.optional(
    v.pipe(
      text("dryRun", 5, message("dryRun is 1 or 0")),
      v.picklist(["1", "0", "true", "false"], message("dryRun is 1 or 0")),
      v.transform((s) => s === "1" || s === "true"),
    ),
    "0",
  ),
  moods: v.optional(moods),
  numeric: v.optional(numericColumns),
  /**
   * 1 or true: also write a Nook file's donation page, which anyone can see at /u/{username}. Without it the
   * account's page is left alone, and the preview only says what the file's would publish (`donatePage`).
   */
  donatePage: v.optional(
    v.pipe(
      text("donatePage", 5, message("donatePage is 1 or 0")),
      v.picklist(["1", "0", "true", "false"], message("donatePage is 1 or 0")),
      v.transform((s) => s === "1" || s === "true"),
    ),
    "0",
  ),
  tz: v.optional(timeZone),
});
export type ImportQuery = v.InferOutput<typeof ImportQuery>;

/** What an import adds and what it finds already there, per kind. */
export interface ImportCount {
  added: number;
  present: number;
}

/** The preview (dryRun) and the answer to a write alike. */
export interface ImportResult {
  format: (typeof IMPORT_FORMATS)[number];
  /** Whether it wrote (false for a dry run). */
  written: boolean;
  /** Entries, tags and metrics always; a Nook export's other kinds (people, checklists, …) too. */
  kinds: { entries: ImportCount; tags: ImportCount; metrics: ImportCount; [kind: string]: ImportCount };
  /** Daylio moods that are none of the five groups and were not given one: a write needs each. */
  unknownMoods: { mood: string; count: number; line: number }[];
  /**
   * A Nook file's donation page, as the route that writes one would store it: what it would publish at
   * /u/{username}, for the person to see before they choose to (`donatePage=1`); null when the file has none
   * or the format carries none. `kinds.donateInfo` says whether this request adds it.
   */
  donatePage: ImportedDonatePage | null;
}

/** A donation page a file holds: its title and ways to pay, each of which may be empty. */
export interface ImportedDonatePage {
  title: string;
  ethAddress: string;
  btcAddress: string;
  paypalDonateButtonId: string;
}
