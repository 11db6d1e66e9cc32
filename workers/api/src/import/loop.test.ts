import { env } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { importFile } from "./test-calls.ts";

/*
 * Loop Habit Tracker's files as its exporter writes them: iSoron/uhabits at
 * 5aa8744e (2025-08-13, after v2.3.1), uhabits-core
 * io/HabitsCSVExporter.kt (writeMultipleHabits: `Date,` then each selected
 * habit's name unquoted and a comma; each day newest first, each value
 * followed by a comma), models/Entry.kt (`formattedValue`: YES_MANUAL=2,
 * YES_AUTO=1, NO=0, SKIP=3, UNKNOWN=-1 as words since 035b392e, "CSV export:
 * Use formatted values", the number otherwise), models/HabitList.kt
 * (`writeCSV`, Habits.csv). A numeric habit's value is its amount ×1000
 * (HistoryCard.kt, ListHabitsBehavior.kt). Before 2.3 the values were the
 * numbers alone, and Loop 1.x wrote 0 for a numeric habit's days with no
 * record (CheckmarkList.computeNumerical, v1.8.12).
 */

/** Loop 2.3's Checkmarks.csv: words, and Water a numeric habit (litres). */
const WORDS = [
  "Date,Meditate,Wake up early,Water,",
  "2025-03-03,YES_MANUAL,NO,2500,",
  "2025-03-02,YES_AUTO,YES_MANUAL,UNKNOWN,",
  "2025-03-01,SKIP,YES_MANUAL,NO,",
  "2025-02-28,UNKNOWN,YES_AUTO,SKIP,",
  "2025-02-27,NO,UNKNOWN,5500,",
].join("\n");

/** Loop 1.8–2.2's: numbers; Pages a numeric habit, 0 on the days nothing was recorded. */
const NUMBERS = ["Date,Meditate,Pages,", "2025-03-02,2,0,", "2025-03-01,1,12000,", "2025-02-28,-1,0,"].join("\n");

/** Loop's header with a name holding a comma, as Loop writes it (unquoted) and as the page sends it (quoted). */
const COMMA_ROWS = ["2025-03-02,YES_MANUAL,1500,", "2025-03-01,NO,UNKNOWN,"];
const COMMA_UNQUOTED = ["Date,Read, 10 pages,Water,", ...COMMA_ROWS].join("\n");
const COMMA_QUOTED = ['Date,"Read, 10 pages","Water",', ...COMMA_ROWS].join("\n");

/** The other files of Loop's ZIP: the root Scores.csv, Habits.csv, and a habit folder's own files. */
const SCORES = ["Date,Meditate,Wake up early,", "2025-03-03,0.0000,0.2557,", "2025-03-02,0.0000,0.2226,"].join("\n");
const HABITS = [
  "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?",
  "001,Meditate,YES_NO,Did you meditate this morning?,,1,1,#FF8F00,,,,false",
  '002,"Read, 10 pages",YES_NO,,,1,1,#00897B,,,,false',
].join("\n");
const HABIT_CHECKMARKS = ["Date,Value,Notes", "2025-03-03,YES_MANUAL,", '2025-03-02,NO,"Sick, stayed in"'].join("\n");
const HABIT_SCORES = ["Date,Score", "2025-03-03,0.2557"].join("\n");
/** A habit folder's Checkmarks.csv before 2.3: no header. */
const HABIT_CHECKMARKS_OLD = ["2025-03-03,2", "2025-03-02,0"].join("\n");

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Moscow' WHERE id = ?").bind(ann.id).run();
});

/**
 * Ann's entries as stored, oldest first: the day (noon in Moscow is 09:00 UTC), the tags, the metrics.
 * Read from the database: the journal's list folds a run of identical days into one row.
 */
async function entriesOf(user: User) {
  const { results } = await env.DB.prepare(
    `SELECT e.date,
       (SELECT group_concat(t.name, '+') FROM entry_tags et JOIN tags t ON t.id = et.tag_id WHERE et.entry_id = e.id) AS tags,
       (SELECT json_group_array(json_array(m.name, em.value)) FROM entry_metrics em JOIN metrics m ON m.id = em.metric_id
         WHERE em.entry_id = e.id) AS metrics
     FROM entries e WHERE e.user_id = ? ORDER BY e.date, e.id`,
  )
    .bind(user.id)
    .all<{ date: number; tags: string; metrics: string }>();
  return results.map((e) => [new Date(e.date).toISOString(), e.tags, JSON.parse(e.metrics)]);
}

const imported = async (query: string, file: string) =>
  (await bodyOf<ImportResult>(await importFile(ann.token, query, file), 201)).kinds;

describe("Loop Habit Tracker's Checkmarks.csv", () => {
  it("reads 2.3's words: a YES_MANUAL day an entry with the habit's tag; a numeric habit's amount a metric", async () => {
    expect(await imported("format=loop", WORDS)).toEqual({
      entries: { added: 5, present: 0 },
      tags: { added: 3, present: 0 },
      metrics: { added: 1, present: 0 },
    });
    expect(await entriesOf(ann)).toEqual([
      ["2025-02-27T09:00:00.000Z", "water", [["water", 5.5]]],
      ["2025-03-01T09:00:00.000Z", "wake up early", []],
      ["2025-03-02T09:00:00.000Z", "wake up early", []],
      ["2025-03-03T09:00:00.000Z", "meditate", []],
      ["2025-03-03T09:00:00.000Z", "water", [["water", 2.5]]],
    ]);
  });

  it("reads the older numbers, and tells a numeric habit by its amounts: 0 is no amount", async () => {
    expect((await imported("format=loop", NUMBERS)).entries).toEqual({ added: 2, present: 0 });
    expect(await entriesOf(ann)).toEqual([
      ["2025-03-01T09:00:00.000Z", "pages", [["pages", 12]]],
      ["2025-03-02T09:00:00.000Z", "meditate", []],
    ]);
  });

  it("takes the numeric habits' columns the page reads from Habits.csv, whatever their amounts", async () => {
    // 2 in a numeric habit is 0.002, not a check: without `numeric` nothing tells it from a yes/no habit.
    const file = ["Date,Meditate,Tiny,", "2025-03-02,YES_MANUAL,YES_MANUAL,"].join("\n");
    await imported("format=loop&numeric=2", file);
    expect(await entriesOf(ann)).toEqual([
      ["2025-03-02T09:00:00.000Z", "meditate", []],
      ["2025-03-02T09:00:00.000Z", "tiny", [["tiny", 0.002]]],
    ]);
  });

  it("reads a habit's name with a comma when the header quotes it, as the page sends it from the ZIP", async () => {
    expect((await imported("format=loop&numeric=2", COMMA_QUOTED)).tags).toEqual({ added: 2, present: 0 });
    expect(await entriesOf(ann)).toEqual([
      ["2025-03-02T09:00:00.000Z", "read, 10 pages", []],
      ["2025-03-02T09:00:00.000Z", "water", [["water", 1.5]]],
    ]);
  });
});

describe("a Loop file that cannot be imported says which file to choose", () => {
  const send = (query: string, body: string) => () => importFile(ann.token, query, body);
  const OTHER = (name: string) =>
    `This is Loop Habit Tracker's ${name}: the days you checked are in Checkmarks.csv. Choose that file, or the ZIP Loop exports`;
  const HABIT_FILE =
    "This is one habit's file from a folder of Loop Habit Tracker's ZIP: choose the Checkmarks.csv at the top of the ZIP, or the ZIP itself";
  refusesEach([
    [
      "a name with a comma, unquoted as Loop writes it",
      "The first line has more fields than the days below it: a habit's name holds a comma, which Loop Habit Tracker writes unquoted. Choose the ZIP Loop exports instead: it names the habits",
      send("format=loop", COMMA_UNQUOTED),
    ],
    ["the root Scores.csv", OTHER("Scores.csv"), send("format=loop", SCORES)],
    [
      "a Scores.csv whose name splits in two",
      OTHER("Scores.csv"),
      send("format=loop", ["Date,Read, 10 pages,", "2025-03-03,0.2557,"].join("\n")),
    ],
    ["Habits.csv", OTHER("Habits.csv"), send("format=loop", HABITS)],
    ["a habit folder's Checkmarks.csv", HABIT_FILE, send("format=loop", HABIT_CHECKMARKS)],
    ["a habit folder's Scores.csv", HABIT_FILE, send("format=loop", HABIT_SCORES)],
    ["a habit folder's Checkmarks.csv before 2.3", HABIT_FILE, send("format=loop", HABIT_CHECKMARKS_OLD)],
    [
      "a value Loop does not write",
      'Line 3: "maybe" is none of the values Loop Habit Tracker writes',
      send("format=loop", ["Date,Read,", "2025-03-02,YES_MANUAL,", "2025-03-01,maybe,"].join("\n")),
    ],
    [
      "a numeric habit named Mood with an amount the journal's mood cannot hold",
      'Line 2: the habit "Mood" would be the journal\'s mood, a whole number from 1 to 5, and 7.5 is not one. Rename the habit in Loop Habit Tracker, or export without it',
      send("format=loop", ["Date,Mood,", "2025-03-02,7500,", "2025-03-01,3000,"].join("\n")),
    ],
    [
      "numeric columns that are no numbers",
      "numeric is a list of column numbers from 1 to 1000",
      send("format=loop&numeric=water", WORDS),
    ],
    [
      "a numeric column 0 (the date's)",
      "numeric is a list of column numbers from 1 to 1000",
      send("format=loop&numeric=0", WORDS),
    ],
  ]);
});
