import * as v from "valibot";
import type { AccentColor } from "../common/accent-colors.ts";
import { type CodedMessage, message } from "../common/messages.ts";
import { IdParam, text, timeZone } from "../common/validation.ts";
import {
  IMPORT_CHUNKS_MAX,
  IMPORT_FORMATS,
  IMPORT_MOOD_WORD_MAX,
  IMPORT_MOODS_MAX,
  IMPORT_MOODS_TEXT_MAX,
  LOOP_HABITS_MAX,
  moodKey,
} from "./limits.ts";

export * from "./limits.ts";

const MOODS_WORDS = message(
  'moods is a JSON list of at most {max} ["mood", group] pairs, each group a whole number from 1 to 5',
  { max: IMPORT_MOODS_MAX },
);

/**
 * The groups of a Daylio file's custom moods, as a JSON list of `["mood", group]` pairs, percent-encoded in
 * the URL like any query value: `moods=[["tired, but ok",2],["Ecstatic",5]]`. Daylio's CSV names a custom
 * mood but not its group, so the person says it (the preview lists every custom mood, with the group given).
 * A name is any text the file holds, commas, colons and quotes included: 1 to IMPORT_MOOD_WORD_MAX
 * characters, compared as the preview shows it, lower-cased (`moodKey`); a group is 1 (awful) to 5 (rad);
 * at most IMPORT_MOODS_MAX pairs, the text at most IMPORT_MOODS_TEXT_MAX characters. A list rather than an
 * object, so a mood called "constructor" or "__proto__" is a name like any other. The answer is each mood's
 * key and its group (a later pair for the same mood wins).
 */
const moods = v.pipe(
  text("moods", IMPORT_MOODS_TEXT_MAX, MOODS_WORDS),
  v.parseJson(undefined, MOODS_WORDS),
  // A pair short of its group is refused in these words, not as a value missing ("Moods is required").
  v.check((list) => Array.isArray(list) && list.every((pair) => Array.isArray(pair) && pair.length === 2), MOODS_WORDS),
  v.array(
    v.tuple(
      [
        v.pipe(
          text("moods", IMPORT_MOOD_WORD_MAX, MOODS_WORDS),
          v.check((name) => moodKey(name) !== "", MOODS_WORDS),
        ),
        v.pipe(v.number(MOODS_WORDS), v.integer(MOODS_WORDS), v.minValue(1, MOODS_WORDS), v.maxValue(5, MOODS_WORDS)),
      ],
      MOODS_WORDS,
    ),
    MOODS_WORDS,
  ),
  v.maxLength(IMPORT_MOODS_MAX, MOODS_WORDS),
  v.transform((pairs) => new Map(pairs.map(([name, group]) => [moodKey(name), group]))),
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
  /**
   * 1 or true: also set the profile's time zone, accent colour and date of birth to a Nook file's (those it
   * holds and a profile takes), from the file's first chunk. Without it the profile is left alone, and the
   * preview only says what the file holds (`profile`).
   */
  profile: v.optional(
    v.pipe(
      text("profile", 5, message("profile is 1 or 0")),
      v.picklist(["1", "0", "true", "false"], message("profile is 1 or 0")),
      v.transform((s) => s === "1" || s === "true"),
    ),
    "0",
  ),
  /**
   * 1 or true: a Daylio row the account holds already at its instant, with its text and tags but another mood
   * (an earlier import's, its custom mood's group chosen again since; or the mood changed in Daylio), changes
   * that entry's mood to the file's. Without it the row is added as a new entry beside it. The answer counts
   * them either way (`moodsChanged`), for the person to choose.
   */
  changeMoods: v.optional(
    v.pipe(
      text("changeMoods", 5, message("changeMoods is 1 or 0")),
      v.picklist(["1", "0", "true", "false"], message("changeMoods is 1 or 0")),
      v.transform((s) => s === "1" || s === "true"),
    ),
    "0",
  ),
  tz: v.optional(timeZone),
  /**
   * A chunk of a Nook file (chunks.ts): the place in the file's list of the chunk's first row, so a refused
   * row is named as in the file (`entries[12000]`). 0 for a whole file.
   */
  offset: v.optional(counter("offset", 100_000_000), "0"),
  /**
   * A chunk of a Nook file holding one part of a stack too large for a chunk (chunks.ts): `first`, the stack
   * with its first items; `more`, more of its items, for the stack the chunk before began.
   */
  stackPart: v.optional(v.picklist(["first", "more"], message("stackPart is first or more"))),
  /** A chunk of a CSV file: the line of the file its first row (after the header) is on. 2 for a whole file. */
  line: v.optional(counter("line", 100_000_000), "2"),
});
export type ImportQuery = v.InferOutput<typeof ImportQuery>;

/** A whole number from 0 to `max`, as a query's digits. */
function counter(name: "offset" | "line", max: number) {
  const words = message("{name} is a whole number from 0 to {max}", { name, max });
  return v.pipe(text(name, 10, words), v.regex(/^\d{1,10}$/, words), v.transform(Number), v.maxValue(max, words));
}

const CHUNK_WORDS = message("A chunk is named by its number from 0");
/** `PUT /api/user/imports/{id}/chunks/{n}`: the run and the chunk's place, from 0. */
export const ImportChunkParam = v.object({
  id: IdParam.entries.id,
  n: v.pipe(text("n", 5, CHUNK_WORDS), v.regex(/^\d{1,5}$/, CHUNK_WORDS), v.transform(Number)),
});

/** `PUT /api/user/imports/{id}/chunks/{n}`: the options of ImportQuery, the format being the run's. */
export const ImportChunkQuery = v.omit(ImportQuery, ["format", "dryRun"]);
export type ImportChunkQuery = v.InferOutput<typeof ImportChunkQuery>;

/**
 * `POST /api/user/imports`: an import begins. The file is named by its SHA-256 (hex) and the number of
 * chunks the page cut it into; the same file begun again while its run is unfinished joins that run (a
 * double click, a second tab, a reload: it resumes at the first chunk not written).
 */
export const ImportRunBody = v.object({
  format: v.picklist(IMPORT_FORMATS, message("format is one of {formats}", { formats: IMPORT_FORMATS.join(", ") })),
  fileHash: v.pipe(
    text("fileHash", 64, message("fileHash is the file's SHA-256, 64 hex digits")),
    v.regex(/^[0-9a-f]{64}$/, message("fileHash is the file's SHA-256, 64 hex digits")),
  ),
  chunks: v.pipe(
    v.number(message("chunks is a whole number from 1 to {max}", { max: IMPORT_CHUNKS_MAX })),
    v.integer(message("chunks is a whole number from 1 to {max}", { max: IMPORT_CHUNKS_MAX })),
    v.minValue(1, message("chunks is a whole number from 1 to {max}", { max: IMPORT_CHUNKS_MAX })),
    v.maxValue(IMPORT_CHUNKS_MAX, message("chunks is a whole number from 1 to {max}", { max: IMPORT_CHUNKS_MAX })),
  ),
});
export type ImportRunBody = v.InferOutput<typeof ImportRunBody>;

/** `DELETE /api/user/imports/{id}?edited=keep|remove`: what to do with the rows edited since the import. */
export const ImportUndoQuery = v.object({
  edited: v.optional(v.picklist(["keep", "remove"], message("edited is keep or remove"))),
});

/** An import run as the API shows it (GET /api/user/imports, and the answer to beginning one). */
export interface ImportRun {
  id: number;
  format: (typeof IMPORT_FORMATS)[number];
  /** running: its chunks still come; done; failed: left unfinished (the same file resumes it); undone. */
  state: "running" | "done" | "failed" | "undone";
  fileHash: string;
  chunks: number;
  /** How many of its chunks are written: the next to send is this one (they are written in order). */
  written: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** What it added, per kind (entries, tags, people, events, …), counted from the rows that carry its id. */
  added: Record<string, number> | null;
  /** Until when "Undo this import" is offered (null: not any more, or undone). */
  undoUntil: string | null;
}

/** The answer to an undo: what it removed, per kind, and whether more is left (the page asks again). */
export interface ImportUndone {
  removed: Record<string, number>;
  more: boolean;
}

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
  /** Entries, tags and metrics always; a Nook export's other kinds (people, checklists, events, …) too. */
  kinds: { entries: ImportCount; tags: ImportCount; metrics: ImportCount; [kind: string]: ImportCount };
  /**
   * A Daylio file's custom moods (none of the five groups), in the order the file first names them, at most
   * IMPORT_MOODS_MAX: each as the file names it (`moodShown`), its first line, its rows, and the group `moods`
   * gives it, or null. The preview asks for each; a write needs every one of the file's (the one listed or not
   * refuses it, by its line), and the person may change a group until then.
   */
  customMoods: ImportedMood[];
  /**
   * The account's entries that are the file's Daylio rows but for their mood (at the row's instant, with its
   * text and tags, another mood or none): how many. With `changeMoods=1` the import changes their mood to the
   * file's (and they are not in `kinds.entries.added`); without it, it adds the rows beside them (and they are).
   */
  moodsChanged: number;
  /**
   * The rows a file holds that cannot be entries and are left out, the rest imported (a Daylio note longer
   * than an entry's text): how many, and the first IMPORT_SKIPPED_LISTED, each its line and why. The preview
   * says it before anything is written; the answer to the write, what was left out.
   */
  skipped: { count: number; rows: ImportSkippedRow[] };
  /**
   * A Nook file's donation page, as the route that writes one would store it: what it would publish at
   * /u/{username}, for the person to see before they choose to (`donatePage=1`); null when the file has none
   * or the format carries none. `kinds.donateInfo` says whether this request adds it.
   */
  donatePage: ImportedDonatePage | null;
  /**
   * A Nook file's profile settings (its time zone, accent colour and date of birth), as the profile's route
   * would store them, for the person to see before they choose to take them (`profile=1`); null when the
   * format carries none.
   */
  profile: ImportedProfile | null;
  /**
   * The tag and metric names the file's rows use (a Nook file's lists too): those the account lacks, and
   * those it has. A file sent in chunks names a tag in many: the page counts each name once (chunks.ts
   * `mergeResults`), so `kinds.tags` and `kinds.metrics` of the whole are the lists' sizes.
   */
  names: { tags: ImportNames; metrics: ImportNames };
}

/** Names an import would create (`added`) and names the account has (`present`). */
export interface ImportNames {
  added: string[];
  present: string[];
}

/** A Daylio custom mood a file names, and the group it is given (null: none yet). */
export interface ImportedMood {
  mood: string;
  count: number;
  line: number;
  group: number | null;
}

/** A row left out of an import: its line, and why, as a registered message (code, values and its English). */
export interface ImportSkippedRow extends CodedMessage {
  line: number;
  message: string;
}

/** A donation page a file holds: its title and ways to pay, each of which may be empty. */
export interface ImportedDonatePage {
  title: string;
  ethAddress: string;
  btcAddress: string;
  paypalDonateButtonId: string;
}

/**
 * A Nook file's profile settings, each as the profile's route reads it (PUT /api/user/profile): a zone this
 * runtime knows, an accent colour of ACCENT_COLORS (a file with another is no export), a date of birth in
 * the years a profile takes. A value the file lacks (null), or holds but a profile would refuse (named in
 * `leftOut`), is not written: the profile keeps its own.
 */
export interface ImportedProfile {
  timeZone: string | null;
  accentColor: AccentColor;
  dateOfBirth: string | null;
  /** The file's values a profile would refuse, each in words (a registered message, its English beside it). */
  leftOut: ImportLeftOut[];
  /** Whether this request sets them in the account's profile (`profile=1`, the file's first chunk, written). */
  set: boolean;
}

/** A value of a file left out of an import, and why, as a registered message (code, values and its English). */
export interface ImportLeftOut extends CodedMessage {
  message: string;
}
