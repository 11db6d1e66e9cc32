import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { quoteHeader, readLoopZip, splitNames } from "./loop-zip.ts";

/*
 * A ZIP laid out as Loop Habit Tracker's exporter lays it out: iSoron/uhabits
 * at 5aa8744e (2025-08-13, after v2.3.1), uhabits-core io/HabitsCSVExporter.kt
 * (Habits.csv, Checkmarks.csv and Scores.csv at the top, names unquoted in
 * the last two; a folder "NNN <name without its commas>" per habit with its
 * own Checkmarks.csv and Scores.csv) and models/HabitList.kt (Habits.csv's
 * columns, quoted by opencsv where a field needs it).
 */
const HABITS = [
  "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?",
  '001,"Read, 10 pages",YES_NO,"Did you read ""10"" pages?",,1,1,#FF8F00,,,,false',
  "002,Water,NUMERICAL,How much water?,,1,1,#00897B,L,AT_LEAST,2.0,false",
  "003,Meditate,YES_NO,,,3,7,#00897B,,,,false",
  "",
].join("\n");
const CHECKMARKS = [
  "Date,Read, 10 pages,Water,Meditate,",
  "2025-03-02,YES_MANUAL,1500,YES_AUTO,",
  "2025-03-01,NO,UNKNOWN,YES_MANUAL,",
  "",
].join("\n");
const SCORES = ["Date,Read, 10 pages,Water,Meditate,", "2025-03-02,0.1000,0.2000,0.3000,", ""].join("\n");

const loopZip = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));

const LOOP_ZIP = {
  "Habits.csv": HABITS,
  "001 Read 10 pages/Scores.csv": "Date,Score\n2025-03-02,0.1000\n",
  "001 Read 10 pages/Checkmarks.csv": "Date,Value,Notes\n2025-03-02,YES_MANUAL,\n",
  "002 Water/Scores.csv": "Date,Score\n2025-03-02,0.2000\n",
  "002 Water/Checkmarks.csv": "Date,Value,Notes\n2025-03-02,1500,\n",
  "003 Meditate/Scores.csv": "Date,Score\n2025-03-02,0.3000\n",
  "003 Meditate/Checkmarks.csv": "Date,Value,Notes\n2025-03-01,YES_MANUAL,\n",
  "Scores.csv": SCORES,
  "Checkmarks.csv": CHECKMARKS,
};

describe("Loop Habit Tracker's ZIP, read on the page", () => {
  it("sends the top Checkmarks.csv, its names quoted from Habits.csv, and the numeric habits' columns", () => {
    expect(readLoopZip(loopZip(LOOP_ZIP))).toEqual({
      ok: true,
      csv: [
        'Date,"Read, 10 pages","Water","Meditate",',
        "2025-03-02,YES_MANUAL,1500,YES_AUTO,",
        "2025-03-01,NO,UNKNOWN,YES_MANUAL,",
        "",
      ].join("\n"),
      numeric: [2],
    });
  });

  it("finds Loop's files one folder down, in a ZIP made again of Loop's folder", () => {
    const nested = Object.fromEntries(Object.entries(LOOP_ZIP).map(([path, text]) => [`Loop Habits/${path}`, text]));
    const read = readLoopZip(loopZip(nested));
    expect(read.ok && read.csv.split("\n")[0]).toBe('Date,"Read, 10 pages","Water","Meditate",');
  });

  it("says what is wrong with a ZIP without Checkmarks.csv, and with a file that is no ZIP", () => {
    expect(readLoopZip(loopZip({ "Habits.csv": HABITS, "Scores.csv": SCORES }))).toEqual({
      ok: false,
      problem: "noCheckmarks",
    });
    expect(readLoopZip(strToU8(CHECKMARKS))).toEqual({ ok: false, problem: "notZip" });
    expect(readLoopZip(zipSync({ "Checkmarks.csv": new Uint8Array([0x44, 0xff, 0xfe]) }))).toEqual({
      ok: false,
      problem: "notText",
    });
  });

  it("quotes the names of a Habits.csv from before 2.3 (no Type column), numeric left to the API", () => {
    const old = [
      "Position,Name,Question,Description,NumRepetitions,Interval,Color",
      '001,"Read, 10 pages",,,1,1,#FF8F00',
    ];
    expect(quoteHeader("Date,Read, 10 pages,\n2025-03-02,2,\n", old.join("\n"))).toEqual({
      csv: 'Date,"Read, 10 pages",\n2025-03-02,2,\n',
      numeric: [],
    });
  });

  it("sends the file as it is when Habits.csv does not name its habits, for the API to explain", () => {
    const file = "Date,Read, 10 pages,\n2025-03-02,2,\n";
    expect(quoteHeader(file, HABITS.replace("Read, 10 pages", "Run"))).toEqual({ csv: file, numeric: [] });
    expect(quoteHeader(file, null)).toEqual({ csv: file, numeric: [] });
  });

  it("splits names that overlap, by what Habits.csv holds", () => {
    // The longest name first ("a,b") leaves "c", no name: the split goes back and takes "a".
    expect(splitNames("a,b,c", 2, ["a,b", "a", "b,c"])).toEqual(["a", "b,c"]);
    expect(splitNames("a,b", 3, ["a", "b"])).toBeNull();
  });
});
