import { IMPORT_ZIP_RATIO_FROM_BYTES, IMPORT_ZIP_RATIO_MAX } from "@nook/shared/import/limits";
import { Inflate, strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { quoteHeader, readLoopZip, splitNames, ZIP_LIMITS, type ZipLimits } from "./loop-zip.ts";
import { zipEntries } from "./zip-entries.ts";
import { declaring } from "./zip-fixtures.ts";

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

const MB = 1024 * 1024;
/** Loop's CSV as a run of the same day, `bytes` long (a multiple of 20 past its header): packs about 400:1. */
const sameDays = (bytes: number) => strToU8(`Date,Read,\n${"2025-03-01,UNKNOWN,\n".repeat((bytes - 11) / 20)}`);
/** The packed bytes the inflater was given, piece by piece, while `read` ran. */
function inflated<T>(read: () => T): { result: T; packed: number } {
  let packed = 0;
  const push = Inflate.prototype.push;
  const spy = vi.spyOn(Inflate.prototype, "push").mockImplementation(function (this: Inflate, chunk, final) {
    packed += chunk.length;
    push.call(this, chunk, final);
  });
  const result = read();
  spy.mockRestore();
  return { result, packed };
}

describe("a ZIP that unpacks past what the page reads", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  /** 1 MB at most, 100 times the ZIP's size past 64 KB: the real rules, small. */
  const SMALL: ZipLimits = { bytes: MB, ratio: 100, ratioFrom: 64 * 1024 };

  it("is refused by its size when the files it reads declare more, Habits.csv with Checkmarks.csv, unpacking none", () => {
    // 700 KB each: each alone within 1 MB, together past it.
    const zip = zipSync({ "Checkmarks.csv": sameDays(700_011), "Habits.csv": sameDays(700_011) }, { level: 0 });
    const { result, packed } = inflated(() => readLoopZip(zip, SMALL));
    expect(result).toEqual({ ok: false, problem: "overSize" });
    expect(packed).toBe(0);
    expect(readLoopZip(zip, { ...SMALL, bytes: 1_400_022 })).toMatchObject({ ok: true });
  });

  it("is refused by its ratio when it declares more than 100 times its size, unpacking none", () => {
    // 8 MB of days pack to 19,610 bytes: the ZIP may unpack to 100 times that, 1,961,000.
    const zip = zipSync({ "Checkmarks.csv": sameDays(8_000_011) });
    expect(zip.length).toBe(19_610);
    const { result, packed } = inflated(() => readLoopZip(zip, { ...SMALL, bytes: 64 * MB }));
    expect(result).toEqual({ ok: false, problem: "overRatio" });
    expect(packed).toBe(0);
  });

  it("is not read when a file unpacks to more than the ZIP declares, stopped a piece past it", () => {
    // The same 8 MB, declared as 10 bytes: within the limits, and stopped as soon as it unpacks past them.
    const zip = declaring(zipSync({ "Checkmarks.csv": sameDays(8_000_011) }), 10);
    const { result, packed } = inflated(() => readLoopZip(zip, { ...SMALL, bytes: 64 * MB }));
    expect(result).toEqual({ ok: false, problem: "notZip" });
    expect(packed).toBe(4096);
  });

  it("unpacks no entry Loop's reader does not read: a habit folder's Checkmarks.csv, the Scores.csv", () => {
    const zip = zipSync({
      "Habits.csv": strToU8(HABITS),
      "001 Read 10 pages/Checkmarks.csv": new Uint8Array(16 * MB),
      "Scores.csv": new Uint8Array(16 * MB),
      "Checkmarks.csv": strToU8(CHECKMARKS),
    });
    const { result, packed } = inflated(() => readLoopZip(zip, SMALL));
    expect(result).toMatchObject({ ok: true, numeric: [2] });
    // The top Checkmarks.csv and Habits.csv, and nothing else, went through the inflater.
    const read = (zipEntries(zip) ?? []).filter((e) => e.name === "Checkmarks.csv" || e.name === "Habits.csv");
    expect(packed).toBe(read.reduce((n, e) => n + e.packed, 0));
    expect(packed).toBeLessThan(400);
  });

  // 40 MB inflated twice: seconds of the processor, more on a busy machine than the default 5 s allows.
  it("is read up to 100 times its size, and refused one byte of ZIP short of it (the real limits)", {
    timeout: 60_000,
  }, () => {
    // 20 MB of days, past the 16 MB read whatever the ratio, beside a Scores.csv stored to make the ZIP's size:
    // 200,001 bytes hold 20,000,011 (100 times is 20,000,100); 200,000 do not (20,000,000).
    const days = sameDays(20_000_011);
    expect(days.length).toBeGreaterThan(IMPORT_ZIP_RATIO_FROM_BYTES);
    const sized = (bytes: number) => {
      const bare = zipSync({ "Checkmarks.csv": days, "Scores.csv": [new Uint8Array(0), { level: 0 }] });
      const zip = zipSync({
        "Checkmarks.csv": days,
        "Scores.csv": [new Uint8Array(bytes - bare.length), { level: 0 }],
      });
      expect(zip.length).toBe(bytes);
      return zip;
    };
    expect(IMPORT_ZIP_RATIO_MAX).toBe(100);
    const held = readLoopZip(sized(200_001));
    expect(held.ok && held.csv.length).toBe(20_000_011);
    expect(readLoopZip(sized(200_000))).toEqual({ ok: false, problem: "overRatio" });
  });

  it("reads a Checkmarks.csv zipped alone that packs past 100:1 within 16 MB: 200 habits never checked in ten years", () => {
    const header = `Date,${Array.from({ length: 200 }, (_, i) => `Habit ${i + 1}`).join(",")},`;
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) - i * 86_400_000).toISOString().slice(0, 10);
    const rows = Array.from({ length: 3653 }, (_, i) => `${day(i)},${"UNKNOWN,".repeat(200)}`);
    const csv = `${[header, ...rows].join("\n")}\n`;
    const zip = zipSync({ "Checkmarks.csv": strToU8(csv) });
    // 230:1.
    expect([csv.length, zip.length]).toEqual([5_890_534, 25_624]);
    const read = readLoopZip(zip);
    expect(read.ok && read.csv.length).toBe(csv.length);
    // Were the ratio asked from the first byte, it would be refused.
    expect(readLoopZip(zip, { ...ZIP_LIMITS, ratioFrom: 0 })).toEqual({ ok: false, problem: "overRatio" });
  });
});
