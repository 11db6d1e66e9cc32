import { env } from "cloudflare:test";
import type { ImportResult } from "@nook/shared/import/schemas";
import { beforeEach, describe, expect, it } from "vitest";
import { entryFingerprint } from "../journal/fingerprint.ts";
import { bodyOf, dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { daylio, importFile, importInChunks, moodsQuery } from "./test-calls.ts";

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
      customMoods: [],
      moodsChanged: 0,
      skipped: { count: 0, rows: [] },
      donatePage: null,
      profile: null,
      names: {
        tags: { added: ["work", "friends", "sport"], present: [] },
        metrics: { added: ["mood"], present: [] },
      },
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
    expect(preview.customMoods).toEqual([{ mood: "Ecstatic", count: 2, line: 2, group: null }]);
    const res = await importFile(ann.token, moodsQuery([["Ecstatic", 5]]), file);
    expect(res.status).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.text, e.metrics])).toEqual([
      ["a", [["mood", 5]]],
      ["b", [["mood", 5]]],
      ["c", [["mood", 2]]],
    ]);
  });

  it("places a custom mood of any name: a comma, a colon, quotes, a bracket, an object's own key", async () => {
    // Daylio writes a mood with a comma or a quote quoted (RFC 4180), as any other cell.
    const names = ["tired, but ok", "meh: ish", 'a "good" day', "[5]", "constructor", "__proto__", "Усталость, но"];
    const file = daylio(
      ...names.map((name, i) => `2025-03-0${i + 1},x,x,10:00,"${name.replaceAll('"', '""')}",,,n${i}`),
      '2025-03-09,x,x,10:00,"TIRED,  BUT OK",,,upper',
    );
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio&dryRun=1", file), 200);
    expect(preview.customMoods).toEqual(
      names.map((mood, i) => ({ mood, count: i === 0 ? 2 : 1, line: i + 2, group: null })),
    );
    // Nothing the person could choose is lost on the way: each name as the preview gives it, a group each.
    const pairs = preview.customMoods.map((m, i) => [m.mood, 1 + (i % 5)]);
    const placed = await bodyOf<ImportResult>(await importFile(ann.token, `${moodsQuery(pairs)}&dryRun=1`, file), 200);
    expect(placed.customMoods.map((m) => m.group)).toEqual([1, 2, 3, 4, 5, 1, 2]);
    expect((await importFile(ann.token, moodsQuery(pairs), file)).status).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.text, e.metrics[0]?.[1]])).toEqual([
      ["n0", 1],
      ["n1", 2],
      ["n2", 3],
      ["n3", 4],
      ["n4", 5],
      ["n5", 1],
      ["n6", 2],
      // "TIRED,  BUT OK" is "tired, but ok" whatever its case and spaces.
      ["upper", 1],
    ]);
  });

  it("names a mood longer than 64 characters by its first 64, which moods= places", async () => {
    const long = `${"ж".repeat(63)}😀 and more`;
    const file = daylio(`2025-03-01,x,x,10:00,${long},,,a`);
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio&dryRun=1", file), 200);
    // The emoji is a surrogate pair at characters 64–65: it is kept whole or not at all.
    expect(preview.customMoods).toEqual([{ mood: "ж".repeat(63), count: 1, line: 2, group: null }]);
    expect((await importFile(ann.token, moodsQuery([["ж".repeat(63), 4]]), file)).status).toBe(201);
    expect((await entriesOf(ann)).map((e) => e.metrics)).toEqual([[["mood", 4]]]);
  });

  it("lists every custom mood with the group it was given, so a choice can be changed or cleared", async () => {
    const file = daylio("2025-03-01,x,x,10:00,Ecstatic,,,a", "2025-03-02,x,x,10:00,tired,,,b");
    const previewWith = async (pairs: unknown[][]) =>
      (await bodyOf<ImportResult>(await importFile(ann.token, `${moodsQuery(pairs)}&dryRun=1`, file), 200)).customMoods;
    expect(await previewWith([["Ecstatic", 5]])).toEqual([
      { mood: "Ecstatic", count: 1, line: 2, group: 5 },
      { mood: "tired", count: 1, line: 3, group: null },
    ]);
    expect(
      await previewWith([
        ["Ecstatic", 4],
        ["tired", 2],
      ]),
    ).toEqual([
      { mood: "Ecstatic", count: 1, line: 2, group: 4 },
      { mood: "tired", count: 1, line: 3, group: 2 },
    ]);
    expect(await previewWith([["tired", 2]])).toEqual([
      { mood: "Ecstatic", count: 1, line: 2, group: null },
      { mood: "tired", count: 1, line: 3, group: 2 },
    ]);
    expect(
      (
        await importFile(
          ann.token,
          moodsQuery([
            ["ecstatic", 4],
            ["TIRED", 2],
          ]),
          file,
        )
      ).status,
    ).toBe(201);
    expect((await entriesOf(ann)).map((e) => [e.text, e.metrics])).toEqual([
      ["a", [["mood", 4]]],
      ["b", [["mood", 2]]],
    ]);
  });

  it("leaves out a row whose note is longer than an entry's text, lists it by its line, imports the rest", async () => {
    const file = daylio(
      "2025-03-01,x,x,10:00,good,tea,,short",
      // The title and the note, a blank line between, are the text: 5 + 2 + 9,994 characters.
      `2025-03-02,x,x,10:00,good,walk,"Title","${"x".repeat(9_994)}"`,
      "2025-03-03,x,x,10:00,meh,,,also short",
      `2025-03-04,x,x,10:00,Custom,,,${"y".repeat(10_001)}`,
    );
    const skipped = {
      count: 2,
      rows: [3, 5].map((line) => ({
        line,
        code: "import.textTooLong",
        values: { line, max: 10_000 },
        message: `Line ${line}: the text is longer than 10000 characters`,
      })),
    };
    const preview = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio&dryRun=1", file), 200);
    // The left-out rows add nothing: not their activity "walk", not their custom mood.
    expect(preview).toMatchObject({
      kinds: { entries: { added: 2, present: 0 }, tags: { added: 1, present: 0 } },
      customMoods: [],
      skipped,
    });
    const written = await bodyOf<ImportResult>(await importFile(ann.token, "format=daylio", file), 201);
    expect(written).toMatchObject({ kinds: { entries: { added: 2, present: 0 } }, skipped });
    expect((await entriesOf(ann)).map((e) => e.text)).toEqual(["short", "also short"]);
  });

  it("lists the first 100 rows left out, and how many", async () => {
    const long = `2025-03-01,x,x,10:00,good,,,${"x".repeat(10_001)}`;
    const file = daylio("2025-03-01,x,x,10:00,good,,,kept", ...Array.from({ length: 150 }, () => long));
    // 1.5 MB: previewed in chunks as the page sends it, each naming the file's lines.
    const read = await importInChunks(ann.token, "format=daylio&dryRun=1", file);
    expect(read.chunks).toBe(6);
    const preview = read.body as unknown as ImportResult;
    expect(preview.skipped.count).toBe(150);
    expect(preview.skipped.rows.map((r) => r.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 3));
    expect(preview.kinds.entries).toEqual({ added: 1, present: 0 });
  });

  describe("imported again with a custom mood's group chosen again", () => {
    const file = daylio(
      "2025-03-01,x,x,10:00,Ecstatic,tea,,a",
      "2025-03-02,x,x,10:00,ecstatic,,,b",
      "2025-03-03,x,x,10:00,bad,,,c",
    );
    const moodsOf = async () => (await entriesOf(ann)).map((e) => [e.text, e.metrics[0]?.[1]]);
    const preview = async (query: string) =>
      bodyOf<ImportResult>(await importFile(ann.token, `${query}&dryRun=1`, file), 200);
    beforeEach(async () => {
      expect((await importFile(ann.token, moodsQuery([["Ecstatic", 3]]), file)).status).toBe(201);
    });

    it("counts the rows it holds but for their mood apart, in the preview", async () => {
      const again = await preview(moodsQuery([["Ecstatic", 5]]));
      // Without changeMoods=1 a write would add them beside the old ones: 2 to add, 2 found.
      expect([again.kinds.entries, again.moodsChanged]).toEqual([{ added: 2, present: 1 }, 2]);
      const changing = await preview(`${moodsQuery([["Ecstatic", 5]])}&changeMoods=1`);
      expect([changing.kinds.entries, changing.moodsChanged]).toEqual([{ added: 0, present: 1 }, 2]);
      // The same group as before: the rows are there as they are.
      const same = await preview(moodsQuery([["Ecstatic", 3]]));
      expect([same.kinds.entries, same.moodsChanged]).toEqual([{ added: 0, present: 3 }, 0]);
      // A mood not yet placed is no mood to compare: the rows are neither there nor changed until it is.
      const open = await preview("format=daylio&changeMoods=1");
      expect([open.kinds.entries, open.moodsChanged]).toEqual([{ added: 2, present: 1 }, 0]);
    });

    it("changes those entries' mood with changeMoods=1, and a third import finds them as they are", async () => {
      const kept = await env.DB.prepare("SELECT id, modified_at FROM entries WHERE text = 'a'").first<{
        id: number;
        modified_at: number;
      }>();
      const written = await bodyOf<ImportResult>(
        await importFile(ann.token, `${moodsQuery([["Ecstatic", 5]])}&changeMoods=1`, file),
        201,
      );
      expect([written.kinds.entries, written.moodsChanged]).toEqual([{ added: 0, present: 1 }, 2]);
      expect(await moodsOf()).toEqual([
        ["a", 5],
        ["b", 5],
        ["c", 2],
      ]);
      // The same entry, its mood changed: a journal that kept it takes it again, by its modification time.
      const now = await env.DB.prepare("SELECT modified_at FROM entries WHERE id = ?")
        .bind(kept?.id)
        .first<{ modified_at: number }>();
      expect(now?.modified_at).toBeGreaterThan(kept?.modified_at ?? Number.POSITIVE_INFINITY);
      const third = await preview(`${moodsQuery([["Ecstatic", 5]])}&changeMoods=1`);
      expect([third.kinds.entries, third.moodsChanged]).toEqual([{ added: 0, present: 3 }, 0]);
      const tea = await env.DB.prepare("SELECT use_count FROM tags WHERE name = 'tea'").first<{ use_count: number }>();
      expect(tea?.use_count).toBe(1);
    });

    it("adds the rows beside them without changeMoods", async () => {
      const written = await bodyOf<ImportResult>(await importFile(ann.token, moodsQuery([["Ecstatic", 5]]), file), 201);
      expect([written.kinds.entries, written.moodsChanged]).toEqual([{ added: 2, present: 1 }, 2]);
      expect((await moodsOf()).sort()).toEqual([
        ["a", 3],
        ["a", 5],
        ["b", 3],
        ["b", 5],
        ["c", 2],
      ]);
    });

    it("leaves an entry edited in the journal since, and one the file holds as it is, alone", async () => {
      // "b" edited in the journal: another text is another entry.
      await env.DB.prepare("UPDATE entries SET text = 'b, edited', fingerprint = ? WHERE text = 'b'")
        .bind(await entryFingerprint("b, edited", [], [{ name: "mood", value: 3 }]))
        .run();
      // The file now holds "a" twice at its instant: with the old group and the new; the old one is there.
      const twice = `${file}\n2025-03-01,x,x,10:00,good,tea,,a`;
      const again = await bodyOf<ImportResult>(
        await importFile(ann.token, `${moodsQuery([["Ecstatic", 3]])}&changeMoods=1&dryRun=1`, twice),
        200,
      );
      expect([again.kinds.entries, again.moodsChanged]).toEqual([{ added: 2, present: 2 }, 0]);
    });
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
