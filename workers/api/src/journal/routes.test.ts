import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import type { EntryOut } from "./entry-list.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

const tableCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      ["entries", "tags", "metrics", "entry_tags", "entry_metrics"].map(async (t) => [t, await count(t)] as const),
    ),
  );

async function add(user: User, body: Record<string, unknown>): Promise<EntryOut> {
  const res = await user.call("POST", "/entries", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<EntryOut>();
}

const list = async (user: User, query = "") => (await user.call("GET", `/entries${query}`)).json<EntryOut[]>();

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

    const fetched = await (await ann.call("GET", `/entries/${entry.id}`)).json<EntryOut>();
    expect(fetched).toEqual(entry);
    expect((await list(ann)).map((e) => e.id)).toEqual([again.id, entry.id]);
    const metrics = await (await ann.call("GET", "/metrics")).json<{ name: string }[]>();
    expect(metrics.map((m) => m.name)).toEqual(["duration", "mood"]);
  });

  it("updates text, tags, metrics and date; tags no longer used sink in tags-sorted", async () => {
    const entry = await add(ann, { text: "a", tags: ["x", "y"], metrics: [{ name: "steps", value: 10 }] });
    const res = await ann.call("PUT", "/entries", {
      entryId: entry.id,
      text: "b",
      tags: ["y", "z"],
      metrics: [{ name: "mood", value: 2 }],
      date: "2026-01-02T03:04:05.000Z",
    });
    expect(res.status).toBe(200);
    const updated = await res.json<EntryOut>();
    expect(updated).toMatchObject({ id: entry.id, text: "b", date: "2026-01-02T03:04:05.000Z" });
    expect(updated.tags.map((t) => t.name)).toEqual(["y", "z"]);
    expect(updated.metrics.map((m) => [m.name, m.value])).toEqual([["mood", 2]]);
    expect(Date.parse(updated.modifiedAt)).toBeGreaterThanOrEqual(Date.parse(entry.modifiedAt));
    const sorted = await (await ann.call("GET", "/tags-sorted")).json<{ name: string }[]>();
    expect(sorted.map((t) => t.name).at(-1)).toBe("x");
    expect(await count("entry_metrics")).toBe(1);
  });

  it("deletes an entry with its links", async () => {
    const entry = await add(ann, { text: "gone", tags: ["t"], metrics: [{ name: "n", value: 1 }] });
    const res = await ann.call("DELETE", "/entries", { entryId: entry.id });
    expect(res.status).toBe(200);
    expect((await ann.call("GET", `/entries/${entry.id}`)).status).toBe(404);
    expect(await tableCounts()).toMatchObject({ entries: 0, entry_tags: 0, entry_metrics: 0 });
    const tag = await env.DB.prepare("SELECT use_count FROM tags WHERE name = 't'").first<{ use_count: number }>();
    expect(tag?.use_count).toBe(0);
  });
});

describe("entries: bad input is refused and nothing is written", () => {
  const bad: [string, string, string, unknown][] = [
    ["POST", "/entries", "An entry needs text, a tag, a metric or a mood", {}],
    ["POST", "/entries", "An entry needs text, a tag, a metric or a mood", { text: "   ", tags: [], metrics: [] }],
    ["POST", "/entries", "Mood is a whole number from 1 to 5", { metrics: [{ name: "mood", value: 6 }] }],
    ["POST", "/entries", "A metric value must be a number", { metrics: [{ name: "steps", value: "ten" }] }],
    ["POST", "/entries", "A metric needs a label", { metrics: [{ name: " ", value: 1 }] }],
    [
      "POST",
      "/entries",
      "Each metric can appear once per entry",
      {
        metrics: [
          { name: "a", value: 1 },
          { name: "A", value: 2 },
        ],
      },
    ],
    ["POST", "/entries", "Date must be an ISO date-time", { text: "x", date: "yesterday-ish" }],
    ["POST", "/entries", "A tag cannot be empty", { tags: ["ok", "  "] }],
    ["PUT", "/entries", "Entry id is required", { text: "x" }],
    ["DELETE", "/entries", "Entry id is required", {}],
  ];
  for (const [method, path, message, body] of bad) {
    it(`${method} ${path} ${JSON.stringify(body)} → 400 '${message}'`, async () => {
      const entry = await add(ann, { text: "keep", tags: ["keep"] });
      const before = await tableCounts();
      const res = await ann.call(method, path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, error: message });
      expect(await tableCounts()).toEqual(before);
      expect((await ann.call("GET", `/entries/${entry.id}`)).status).toBe(200);
    });
  }

  it("refuses malformed JSON, ids and paging parameters", async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    const noType = await SELF.fetch(`${ORIGIN}/api/journal/entries`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ann.token}`, Origin: ORIGIN },
      body: JSON.stringify({ text: "typed without a type" }),
    });
    expect(noType.status).toBe(400);
    expect(await noType.json()).toHaveProperty("message");
    expect(await count("entries")).toBe(0);
    expect((await ann.call("GET", "/entries/abc")).status).toBe(400);
    expect((await ann.call("GET", "/entries?limit=0")).status).toBe(400);
    expect((await ann.call("GET", "/entries?limit=201")).status).toBe(400);
    expect((await ann.call("GET", "/entries?before=soon")).status).toBe(400);
    expect((await ann.call("POST", "/entries-by-config", { config: { filter: [], timeRange: "decade" } })).status).toBe(
      400,
    );
  });
});

describe("entries: one user never reaches another's", () => {
  it("answers 404 for another user's entry and changes nothing", async () => {
    const entry = await add(ann, { text: "private", tags: ["secret"], metrics: [{ name: "mood", value: 5 }] });
    const before = await tableCounts();
    expect((await bob.call("GET", `/entries/${entry.id}`)).status).toBe(404);
    expect((await bob.call("PUT", "/entries", { entryId: entry.id, text: "mine now", tags: ["stolen"] })).status).toBe(
      404,
    );
    expect((await bob.call("DELETE", "/entries", { entryId: entry.id })).status).toBe(404);
    expect((await bob.call("POST", `/entries/${entry.id}/lift`)).status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    expect(await (await ann.call("GET", `/entries/${entry.id}`)).json()).toEqual(entry);
    expect(await list(bob)).toEqual([]);
    expect(await (await bob.call("GET", "/tags")).json()).toEqual([]);
    expect(await (await bob.call("GET", "/tags-sorted")).json()).toEqual([]);
    expect(await (await bob.call("GET", "/metrics")).json()).toEqual([]);
    expect(
      await (
        await bob.call("POST", "/entries-by-config", { config: { filter: [{ name: "secret", not: false }] } })
      ).json(),
    ).toEqual([]);
  });

  it("keeps tags per user: the same name is two tags", async () => {
    await add(ann, { tags: ["shared"] });
    await add(bob, { tags: ["shared"] });
    const [a] = await (await ann.call("GET", "/tags")).json<{ id: number }[]>();
    const [b] = await (await bob.call("GET", "/tags")).json<{ id: number }[]>();
    expect(a?.id).not.toBe(b?.id);
  });

  it("answers 401 on every route when signed out", async () => {
    const routes: [string, string][] = [
      ["GET", "/entries"],
      ["POST", "/entries"],
      ["PUT", "/entries"],
      ["DELETE", "/entries"],
      ["GET", "/entries/1"],
      ["POST", "/entries/1/lift"],
      ["POST", "/entries-by-config"],
      ["GET", "/tags"],
      ["GET", "/tags-sorted"],
      ["GET", "/tags-for-people-sorted"],
      ["GET", "/metrics"],
    ];
    for (const [method, path] of routes) {
      const res = await SELF.fetch(`${ORIGIN}/api/journal${path}`, {
        method,
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify({ text: "x", entryId: 1 }),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await count("entries")).toBe(0);
  });
});

describe("entries: writes land whole or not at all", () => {
  it("leaves no half entry when a metric insert fails", async () => {
    await env.DB.exec(
      "CREATE TRIGGER fail_metric BEFORE INSERT ON entry_metrics WHEN NEW.value = 666 BEGIN SELECT RAISE(ABORT, 'metric refused'); END",
    );
    try {
      const existing = await add(ann, { text: "before", tags: ["kept"], metrics: [{ name: "n", value: 1 }] });
      const before = await tableCounts();
      const res = await ann.call("POST", "/entries", {
        text: "half",
        tags: ["new-tag"],
        metrics: [{ name: "new-metric", value: 666 }],
      });
      expect(res.status).toBe(500);
      expect(await tableCounts()).toEqual(before);

      const update = await ann.call("PUT", "/entries", {
        entryId: existing.id,
        text: "changed",
        tags: ["other"],
        metrics: [{ name: "n", value: 666 }],
      });
      expect(update.status).toBe(500);
      expect(await tableCounts()).toEqual(before);
      expect(await (await ann.call("GET", `/entries/${existing.id}`)).json()).toEqual(existing);
    } finally {
      await env.DB.exec("DROP TRIGGER fail_metric");
    }
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
    const sorted = await (await ann.call("GET", "/tags-sorted")).json<{ name: string }[]>();
    expect(sorted.map((t) => t.name)).toEqual(["often", "@bob", "new-once", "@ann", "old-once"]);
    const people = await (await ann.call("GET", "/tags-for-people-sorted")).json<{ name: string }[]>();
    expect(people.map((t) => t.name)).toEqual(["@bob", "@ann"]);
    const all = await (await ann.call("GET", "/tags")).json<{ name: string }[]>();
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
    const lifted = await (await ann.call("POST", `/entries/${coffee.id}/lift`)).json<EntryOut>();
    expect(lifted.id).not.toBe(coffee.id);
    expect(Date.now() - Date.parse(lifted.date)).toBeLessThan(60_000);
    await ann.call("POST", `/entries/${lifted.id}/lift`);
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
    const by = async (body: unknown) =>
      (await (await ann.call("POST", "/entries-by-config", body)).json<EntryOut[]>()).map((e) => e.id);

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
