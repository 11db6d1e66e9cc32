import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorOf, ORIGIN, refusesEach, resetDb, signedInUser } from "../test/helpers.ts";
import { DAYLIO_HEADER, daylio, importFile, moodsQuery } from "./test-calls.ts";

// A file the import cannot read: 400 with the line and the reason, and nothing written.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const GOOD = "2025-03-01,x,x,10:00,good,tea,,cup";
const send = (query: string, body: string | Uint8Array, type?: string) => () =>
  importFile(ann.token, query, body, type);
const MOODS_WORDS = 'moods is a JSON list of at most 25 ["mood", group] pairs, each group a whole number from 1 to 5';

describe("a file that cannot be imported is refused and nothing is written", () => {
  refusesEach([
    ["no format", "Format is required", send("", daylio(GOOD))],
    ["an unknown format", "format is one of nook, daylio, loop", send("format=excel", daylio(GOOD))],
    ["dryRun that is no flag", "dryRun is 1 or 0", send("format=daylio&dryRun=yes", daylio(GOOD))],
    [
      "moods in the old word:group form",
      MOODS_WORDS,
      send(`format=daylio&moods=${encodeURIComponent("ecstatic:5")}`, daylio(GOOD)),
    ],
    ["a mood given no group", MOODS_WORDS, send(moodsQuery([["ecstatic"]]), daylio(GOOD))],
    ["a mood given a group outside 1–5", MOODS_WORDS, send(moodsQuery([["ecstatic", 6]]), daylio(GOOD))],
    ["a mood given a group that is no whole number", MOODS_WORDS, send(moodsQuery([["ecstatic", 2.5]]), daylio(GOOD))],
    ["a mood given a group as text", MOODS_WORDS, send(moodsQuery([["ecstatic", "5"]]), daylio(GOOD))],
    ["a mood of no name", MOODS_WORDS, send(moodsQuery([[" ", 5]]), daylio(GOOD))],
    ["a mood's name longer than 64 characters", MOODS_WORDS, send(moodsQuery([["x".repeat(65), 5]]), daylio(GOOD))],
    ["a mood's name with a control character", MOODS_WORDS, send(moodsQuery([["tab\there", 5]]), daylio(GOOD))],
    [
      "more than 25 moods",
      MOODS_WORDS,
      send(moodsQuery(Array.from({ length: 26 }, (_, i) => [`mood ${i}`, 3])), daylio(GOOD)),
    ],
    [
      "moods as an object",
      MOODS_WORDS,
      send(`format=daylio&moods=${encodeURIComponent('{"ecstatic":5}')}`, daylio(GOOD)),
    ],
    ["changeMoods that is no flag", "changeMoods is 1 or 0", send("format=daylio&changeMoods=update", daylio(GOOD))],
    ["an unknown zone", "Unknown time zone", send("format=daylio&tz=Mars%2FOlympus", daylio(GOOD))],
    ["an empty file", "The file is empty", send("format=daylio", "")],
    ["a file of blank lines", "The file is empty", send("format=daylio", "\n\n \n")],
    [
      "a file that is not UTF-8",
      "The file is not text (UTF-8)",
      send("format=daylio", new Uint8Array([0x66, 0xff, 0xfe])),
    ],
    ["a file with a NUL", "The file is not text (UTF-8)", send("format=daylio", `${DAYLIO_HEADER}\n\0`)],
    [
      "a CSV that is not Daylio's",
      "The file is not a Daylio export: its first line lacks the column full_date",
      send("format=daylio", "Date,Meditate\n2025-03-01,2"),
    ],
    [
      "a CSV that is not Loop's",
      "The file is not a Loop Habit Tracker export: its first line lacks the column date",
      send("format=loop", daylio(GOOD)),
    ],
    [
      "an unclosed quote, its line named",
      "Line 3: a quoted field is not closed",
      send("format=daylio", daylio(GOOD, '2025-03-02,x,x,10:00,good,tea,,"never closed\n')),
    ],
    [
      "a row with a field too many, after a note of several lines",
      "Line 4 has 9 fields where the first line names 8",
      send("format=daylio", daylio('2025-03-01,x,x,10:00,good,tea,,"two\nlines"', `${GOOD},extra`)),
    ],
    [
      "a date that is no day",
      'Line 2: "2025-02-30 10:00" is not a date and time this import can read',
      send("format=daylio", daylio("2025-02-30,x,x,10:00,good,tea,,cup")),
    ],
    [
      "a time that is no time",
      'Line 2: "2025-03-01 25:00" is not a date and time this import can read',
      send("format=daylio", daylio("2025-03-01,x,x,25:00,good,tea,,cup")),
    ],
    [
      "a year outside the journal's",
      'Line 2: "2250-03-01 10:00" is not a date and time this import can read',
      send("format=daylio", daylio("2250-03-01,x,x,10:00,good,tea,,cup")),
    ],
    [
      "a mood of no group, on a write",
      'Line 3: the mood "Ecstatic" is none of rad, good, meh, bad, awful: say which group it belongs to',
      send("format=daylio", daylio(GOOD, "2025-03-02,x,x,10:00,Ecstatic,,,")),
    ],
    [
      "a 26th custom mood, more than the preview lists, given no group on a write",
      'Line 28: the mood "mood 25" is none of rad, good, meh, bad, awful: say which group it belongs to',
      send(
        moodsQuery(Array.from({ length: 25 }, (_, i) => [`mood ${i}`, 3])),
        daylio(GOOD, ...Array.from({ length: 26 }, (_, i) => `2025-03-02,x,x,10:00,mood ${i},,,`)),
      ),
    ],
    [
      "an activity that cannot be a tag",
      "Line 2: \"!late\" cannot be a tag: a tag is 1 to 64 characters and does not start with '!'",
      send("format=daylio", daylio("2025-03-01,x,x,10:00,good,!late,,")),
    ],
    [
      "more activities than an entry's tags",
      "Line 2 has more than 50 tags",
      send(
        "format=daylio",
        daylio(`2025-03-01,x,x,10:00,good,${Array.from({ length: 51 }, (_, i) => `a${i}`).join(" | ")},,`),
      ),
    ],
    [
      "a note with a control character",
      "Line 2: the text holds a control character or a broken one",
      send("format=daylio", daylio("2025-03-01,x,x,10:00,good,,,bell\u0007")),
    ],
    [
      "a habit that cannot be a tag",
      "Line 1: \"!quit\" cannot be a tag: a tag is 1 to 64 characters and does not start with '!'",
      send("format=loop", "Date,!quit\n2025-03-01,2"),
    ],
    [
      "a Loop day that is no day",
      'Line 3: "March 2" is not a date and time this import can read',
      send("format=loop", "Date,Read\n2025-03-01,2\nMarch 2,2"),
    ],
  ]);

  it("refuses a file of another type than its format's (415), and a body over the API's 256 KB (413)", async () => {
    const before = await dumpDb();
    const json = await importFile(ann.token, "format=daylio", daylio(GOOD), "application/json");
    expect(json.status).toBe(415);
    expect(await errorOf(json)).toBe("A daylio import is sent as text/csv");
    // No request holds a file: a larger one comes in chunks (import/chunks.ts, run-routes.ts).
    const huge = await importFile(ann.token, "format=daylio", daylio(GOOD).padEnd(256 * 1024 + 1, "\n"));
    expect(huge.status).toBe(413);
    expect(await errorOf(huge)).toBe("The body is larger than 256 KB");
    expect(await dumpDb()).toEqual(before);
  });

  it("refuses a hostile body sent without a length (a stream of `[` never closed) after 256 KB read, to any import route", async () => {
    const before = await dumpDb();
    const run = await SELF.fetch(`${ORIGIN}/api/user/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ format: "nook", fileHash: "d".repeat(64), chunks: 1 }),
    });
    const { id } = await run.json<{ id: number }>();
    const afterBegin = await dumpDb();
    // 8 MB in 64 KB pieces, no Content-Length: the limit counts what is read, and stops.
    let sent = 0;
    const hostile = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 8 * 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new TextEncoder().encode("[".repeat(64 * 1024)));
        },
      });
    for (const [method, path] of [
      ["POST", "/api/user/import?format=nook&dryRun=1"],
      ["POST", "/api/user/import?format=nook"],
      ["PUT", `/api/user/imports/${id}/chunks/0`],
    ] as const) {
      sent = 0;
      const res = await SELF.fetch(`${ORIGIN}${path}`, {
        method,
        headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
        body: hostile(),
        duplex: "half",
      } as RequestInit);
      expect([path, res.status, await errorOf(res)]).toEqual([path, 413, "The body is larger than 256 KB"]);
      // Read no further than the limit and a piece or two past it, not the 8 MB.
      expect(sent).toBeLessThan(1024 * 1024);
    }
    expect(await dumpDb()).toEqual(afterBegin);
    expect(Object.keys(afterBegin)).toEqual(Object.keys(before));
  });

  it("takes a body at the limit: 256 KB of notes at their longest", async () => {
    const row = (day: number, note: number) =>
      `2025-03-${String(1 + (day % 28)).padStart(2, "0")},x,x,10:00,good,,,${"x".repeat(note)}`;
    const rows: string[] = [];
    let size = DAYLIO_HEADER.length;
    while (size + 1 + row(0, 10_000).length <= 256 * 1024) {
      rows.push(row(rows.length, 10_000));
      size += 1 + row(0, 10_000).length;
    }
    const last = 256 * 1024 - size - 1 - row(0, 0).length;
    rows.push(row(rows.length, last));
    const file = daylio(...rows);
    expect(new TextEncoder().encode(file).length).toBe(256 * 1024);
    const res = await importFile(ann.token, "format=daylio&dryRun=1", file);
    expect(res.status).toBe(200);
    expect((await res.json<{ kinds: { entries: { added: number } } }>()).kinds.entries.added).toBe(rows.length);
  });
});
