import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, resetDb, signedInUser } from "../test/helpers.ts";
import { tableCounts, typedCalls, type User } from "./test-calls.ts";

// The journal's happy paths, through the typed client (hono/testing): bad input
// is in routes.errors.test.ts, other users and no session in routes.security.test.ts.
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const { add, list, get, lift, byConfig } = typedCalls;

describe("entries: create, read, update, delete", () => {
  it("creates an entry with tags, metrics and mood, matched case-insensitively", async () => {
    const entry = await add(ann, {
      text: "Long walk",
      tags: ["Walk", " morning ", "walk"],
      metrics: [
        { name: "Duration", value: 5405 },
        { name: "mood", value: 4 },
      ],
      date: "2026-11-20T08:30:00.000Z",
    });
    expect(entry).toMatchObject({
      text: "Long walk",
      date: "2026-11-20T08:30:00.000Z",
      isLifted: false,
      totalLifts: 1,
    });
    expect(entry.tags.map((t) => t.name)).toEqual(["morning", "walk"]);
    expect(entry.metrics.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: "duration", value: 5405 },
      { name: "mood", value: 4 },
    ]);
    const again = await add(ann, { tags: ["WALK"] });
    expect(again.tags[0]?.id).toBe(entry.tags.find((t) => t.name === "walk")?.id);
    expect(await count("tags")).toBe(2);

    const fetched = await get(ann, entry.id);
    expect(fetched).toEqual(entry);
    expect((await list(ann)).map((e) => e.id)).toEqual([again.id, entry.id]);
    const metrics = await (await ann.api.journal.metrics.$get()).json();
    expect(metrics.map((m) => m.name)).toEqual(["duration", "mood"]);
  });

  it("updates text, tags, metrics and date; tags no longer used sink in tags-sorted", async () => {
    const entry = await add(ann, { text: "a", tags: ["x", "y"], metrics: [{ name: "steps", value: 10 }] });
    const res = await ann.api.journal.entries.$put({
      json: {
        entryId: entry.id,
        text: "b",
        tags: ["y", "z"],
        metrics: [{ name: "mood", value: 2 }],
        date: "2026-01-02T03:04:05.000Z",
      },
    });
    expect(res.status).toBe(200);
    if (res.status !== 200) throw new Error(await res.text());
    const updated = await res.json();
    expect(updated).toMatchObject({ id: entry.id, text: "b", date: "2026-01-02T03:04:05.000Z" });
    expect(updated.tags.map((t) => t.name)).toEqual(["y", "z"]);
    expect(updated.metrics.map((m) => [m.name, m.value])).toEqual([["mood", 2]]);
    expect(Date.parse(updated.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(entry.modifiedAt));
    const sorted = await (await ann.api.journal["tags-sorted"].$get()).json();
    expect(sorted.map((t) => t.name).at(-1)).toBe("x");
    expect(await count("entry_metrics")).toBe(1);
  });

  it("deletes an entry with its links", async () => {
    const entry = await add(ann, { text: "gone", tags: ["t"], metrics: [{ name: "n", value: 1 }] });
    const res = await ann.api.journal.entries.$delete({ json: { entryId: entry.id } });
    expect(res.status).toBe(200);
    expect((await ann.api.journal.entries[":id"].$get({ param: { id: String(entry.id) } })).status).toBe(404);
    expect(await tableCounts()).toMatchObject({ entries: 0, entry_tags: 0, entry_metrics: 0 });
    const tag = await env.DB.prepare("SELECT use_count FROM tags WHERE name = 't'").first<{ use_count: number }>();
    expect(tag?.use_count).toBe(0);
  });
});

describe("entries: paging and order", () => {
  it("pages newest first with a cursor that is stable across equal timestamps", async () => {
    const date = "2026-11-01T10:00:00.000Z";
    const made: number[] = [];
    for (let i = 0; i < 25; i++) made.push((await add(ann, { text: `same moment ${i}`, date })).id);
    const later = await add(ann, { text: "later", date: "2026-11-02T10:00:00.000Z" });
    const earlier = await add(ann, { text: "earlier", date: "2026-10-01T10:00:00.000Z" });

    const seen: number[] = [];
    let before = "";
    for (;;) {
      const page = await list(ann, `?limit=10${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      if (!page.length) break;
      expect(page.length).toBeLessThanOrEqual(10);
      seen.push(...page.map((e) => e.id));
      before = page.at(-1)!.cursor;
    }
    expect(seen).toEqual([later.id, ...made.reverse(), earlier.id]);
    // A bare ISO date (the spec's form) pages by time.
    expect((await list(ann, `?before=${encodeURIComponent(date)}`)).map((e) => e.id)).toEqual([earlier.id]);
  });

  it("sorts tags by use, most recently used first among equals; people tags apart", async () => {
    await add(ann, { tags: ["often"], date: "2026-01-01T00:00:00.000Z" });
    await add(ann, { tags: ["often"], date: "2026-01-02T00:00:00.000Z" });
    await add(ann, { tags: ["often", "@ann"], date: "2026-01-03T00:00:00.000Z" });
    await add(ann, { tags: ["old-once"], date: "2025-01-01T00:00:00.000Z" });
    await add(ann, { tags: ["new-once", "@bob"], date: "2026-02-01T00:00:00.000Z" });
    await add(ann, { tags: ["@bob"], date: "2026-02-02T00:00:00.000Z" });
    const sorted = await (await ann.api.journal["tags-sorted"].$get()).json();
    expect(sorted.map((t) => t.name)).toEqual(["often", "@bob", "new-once", "@ann", "old-once"]);
    const people = await (await ann.api.journal["tags-for-people-sorted"].$get()).json();
    expect(people.map((t) => t.name)).toEqual(["@bob", "@ann"]);
    const all = await (await ann.api.journal.tags.$get()).json();
    expect(all.map((t) => t.name)).toEqual(["@ann", "@bob", "new-once", "often", "old-once"]);
  });
});

describe("lift", () => {
  it("repeats an entry now and collapses runs of identical consecutive entries", async () => {
    const coffee = await add(ann, {
      text: "coffee",
      tags: ["drink"],
      metrics: [{ name: "cups", value: 1 }],
      date: "2026-11-01T08:00:00.000Z",
    });
    const lifted = await lift(ann, coffee.id);
    expect(lifted.id).not.toBe(coffee.id);
    expect(Date.now() - Date.parse(lifted.date)).toBeLessThan(60_000);
    await lift(ann, lifted.id);
    let rows = await list(ann);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: "coffee", isLifted: true, totalLifts: 3 });

    await add(ann, { text: "tea" });
    await add(ann, { text: "coffee", tags: ["drink"], metrics: [{ name: "cups", value: 1 }] });
    rows = await list(ann);
    expect(rows.map((r) => [r.text, r.totalLifts])).toEqual([
      ["coffee", 1],
      ["tea", 1],
      ["coffee", 3],
    ]);
    // One row a page: a run is never split at the page edge.
    const pages: [string, number][] = [];
    let before = "";
    for (let i = 0; i < 5; i++) {
      const page = await list(ann, `?limit=1${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      if (!page.length) break;
      pages.push([page[0]!.text, page[0]!.totalLifts]);
      before = page[0]!.cursor;
    }
    expect(pages).toEqual(rows.map((r) => [r.text, r.totalLifts]));
    expect(await count("entries")).toBe(5);
  });
});

describe("entries-by-config", () => {
  it("filters by all or any tags, negations and a time range", async () => {
    const now = Date.now();
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    const both = await add(ann, { text: "both", tags: ["a", "b"], date: iso(60_000) });
    const onlyA = await add(ann, { text: "only a", tags: ["a"], date: iso(120_000) });
    const aAndC = await add(ann, { text: "a and c", tags: ["a", "c"], date: iso(180_000) });
    const old = await add(ann, { text: "old a", tags: ["a"], date: iso(40 * 86_400_000) });
    const by = async (body: Parameters<typeof byConfig>[1]) => (await byConfig(ann, body)).map((e) => e.id);

    expect(await by({ config: { filter: [{ name: "a" }, { name: "b" }] }, tagsSign: "&&" })).toEqual([both.id]);
    expect(await by({ config: { filter: [{ name: "b" }, { name: "c" }] }, tagsSign: "||" })).toEqual([
      both.id,
      aAndC.id,
    ]);
    expect(await by({ config: { filter: [{ name: "A" }, { name: "c", not: true }] } })).toEqual([
      both.id,
      onlyA.id,
      old.id,
    ]);
    expect(await by({ config: { filter: [{ name: "a" }], timeRange: "24h" } })).toEqual([both.id, onlyA.id, aAndC.id]);
    expect(await by({ config: { filter: [{ name: "a" }, { name: "never-used" }] }, tagsSign: "&&" })).toEqual([]);
    expect(await by({ config: { filter: [{ name: "a" }] }, limit: 2 })).toEqual([both.id, onlyA.id]);
  });
});
