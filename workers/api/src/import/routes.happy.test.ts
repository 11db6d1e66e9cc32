import { env } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { daylio, importFile } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Moscow' WHERE id = ?").bind(ann.id).run();
});

/** Ann's entries as the journal answers them, oldest first. */
async function entriesOf(user: User) {
  const res = await user.call("GET", "/entries?limit=200");
  const rows = await bodyOf<
    { text: string; date: string; tags: { name: string }[]; metrics: { name: string; value: number }[] }[]
  >(res, 200);
  return rows
    .map((e) => ({
      text: e.text,
      date: e.date,
      tags: e.tags.map((t) => t.name).sort(),
      metrics: e.metrics.map((m) => [m.name, m.value]),
    }))
    .reverse();
}

const DAYLIO_FILE = daylio(
  '2025-03-02,March 2,Sunday,9:05 PM,rad,"work | friends",A good day,"Saw Ann, then ""the"" film.\nLate night."',
  "2025-03-01,March 1,Saturday,08:30,awful,,,",
  "2025-02-28,February 28,Friday,23:59,meh,sport,,ran 5 km",
);

describe("a Daylio export", () => {
  it("previews without writing: the entries, tags and metric it would add", async () => {
    const before = await dumpDb();
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio&dryRun=1", DAYLIO_FILE), 200);
    expect(preview).toEqual({
      format: "daylio",
      written: false,
      kinds: {
        entries: { added: 3, present: 0 },
        tags: { added: 3, present: 0 },
        metrics: { added: 1, present: 0 },
      },
      unknownMoods: [],
      donatePage: null,
    });
    expect(await dumpDb()).toEqual(before);
  });

  it("writes moods 1–5, activities as tags, title and note as text, times in the profile's zone", async () => {
    const res = await importFile(ann.token, "format=daylio", DAYLIO_FILE);
    expect((await bodyOf<ImportResult>(res, 201)).kinds.entries).toEqual({ added: 3, present: 0 });
    expect(await entriesOf(ann)).toEqual([
      // Moscow is UTC+3: 23:59 on the 28th is 20:59 UTC.
      { text: "ran 5 km", date: "2025-02-28T20:59:00.000Z", tags: ["sport"], metrics: [["mood", 3]] },
      { text: "", date: "2025-03-01T05:30:00.000Z", tags: [], metrics: [["mood", 1]] },
      {
        text: 'A good day\n\nSaw Ann, then "the" film.\nLate night.',
        date: "2025-03-02T18:05:00.000Z",
        tags: ["friends", "work"],
        metrics: [["mood", 5]],
      },
    ]);
    const tags = await env.DB.prepare("SELECT name, use_count, last_used_at FROM tags WHERE user_id = ? ORDER BY name")
      .bind(ann.id)
      .all();
    expect(tags.results).toEqual([
      { name: "friends", use_count: 1, last_used_at: Date.UTC(2025, 2, 2, 18, 5) },
      { name: "sport", use_count: 1, last_used_at: Date.UTC(2025, 1, 28, 20, 59) },
      { name: "work", use_count: 1, last_used_at: Date.UTC(2025, 2, 2, 18, 5) },
    ]);
  });

  it("adds nothing the second time, and only what is new from a longer file", async () => {
    await importFile(ann.token, "format=daylio", DAYLIO_FILE);
    const once = await dumpDb();
    const again = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio", DAYLIO_FILE), 201);
    expect(again.kinds).toEqual({
      entries: { added: 0, present: 3 },
      tags: { added: 0, present: 3 },
      metrics: { added: 0, present: 1 },
    });
    const { entries, entry_tags, entry_metrics, tags } = await dumpDb();
    expect({ entries, entry_tags, entry_metrics, tags }).toEqual({
      entries: once.entries,
      entry_tags: once.entry_tags,
      entry_metrics: once.entry_metrics,
      tags: once.tags,
    });
    const longer = `${DAYLIO_FILE}\n2025-03-03,March 3,Monday,07:00,good,work,,`;
    const third = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio", longer), 201);
    expect(third.kinds.entries).toEqual({ added: 1, present: 3 });
    expect(third.kinds.tags).toEqual({ added: 0, present: 3 });
    expect((await entriesOf(ann)).length).toBe(4);
  });

  it("keeps identical rows as many times as the file holds them", async () => {
    const twice = daylio("2025-03-01,x,x,10:00,good,tea,,cup", "2025-03-01,x,x,10:00,good,tea,,cup");
    expect(
      (await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio", twice), 201)).kinds.entries,
    ).toEqual({
      added: 2,
      present: 0,
    });
    const again = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio", twice), 201);
    expect(again.kinds.entries).toEqual({ added: 0, present: 2 });
    const links = await env.DB.prepare("SELECT count(*) AS n FROM entry_tags").first<{ n: number }>();
    expect(links?.n).toBe(2);
  });

  it("lists a custom mood it cannot place in the preview, and takes its group from moods=", async () => {
    const file = daylio(
      "2025-03-01,x,x,10:00,Ecstatic,,,a",
      "2025-03-02,x,x,10:00,ecstatic,,,b",
      "2025-03-03,x,x,10:00,bad,,,c",
    );
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio&dryRun=1", file), 200);
    expect(preview.unknownMoods).toEqual([{ mood: "Ecstatic", count: 2, line: 2 }]);
    const res = await importFile(ann.token, `format=daylio&moods=${encodeURIComponent("ecstatic:5")}`, file);
    expect(res.status).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.text, e.metrics])).toEqual([
      ["a", [["mood", 5]]],
      ["b", [["mood", 5]]],
      ["c", [["mood", 2]]],
    ]);
  });

  it("reads the dates in ?tz= over the profile's zone, and a file with a byte-order mark and CRLF lines", async () => {
    const file = `\ufeff${daylio("2025-07-01,x,x,12:00 am,meh,,,first", "2025-07-01,x,x,12:30 PM,meh,,,second").replace(/\n/g, "\r\n")}`;
    expect((await importFile(ann.token, "format=daylio&tz=America%2FNew_York", file)).status).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.text, e.date])).toEqual([
      ["first", "2025-07-01T04:00:00.000Z"],
      ["second", "2025-07-01T16:30:00.000Z"],
    ]);
  });
});

describe("a Loop Habit Tracker Checkmarks.csv", () => {
  const LOOP = [
    "Date,Meditate,Read Books,",
    "2025-03-03,2,0,",
    "2025-03-02,2,2,",
    "2025-03-01,1,-1,",
    "2025-02-28,3,2,",
  ].join("\n");

  it("makes each checked day of a habit an entry tagged with it, at noon in the profile's zone", async () => {
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=loop&dryRun=1", LOOP), 200);
    expect(preview.kinds).toEqual({
      entries: { added: 4, present: 0 },
      tags: { added: 2, present: 0 },
      metrics: { added: 0, present: 0 },
    });
    expect((await importFile(ann.token, "format=loop", LOOP)).status).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.date, e.tags])).toEqual([
      ["2025-02-28T09:00:00.000Z", ["read books"]],
      ["2025-03-02T09:00:00.000Z", ["meditate"]],
      ["2025-03-02T09:00:00.000Z", ["read books"]],
      ["2025-03-03T09:00:00.000Z", ["meditate"]],
    ]);
    expect((await bodyOf<ImportResult>(await importFile(ann.token, "format=loop", LOOP), 201)).kinds.entries).toEqual({
      added: 0,
      present: 4,
    });
  });
});
