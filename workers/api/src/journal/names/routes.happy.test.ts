import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { peopleCall } from "../../people/test-calls.ts";
import { stackCalls } from "../../stacks/test-calls.ts";
import { bodyOf, count, resetDb, signedInUser } from "../../test/helpers.ts";
import { typedCalls, type User } from "../test-calls.ts";

// Tags and metrics managed: the happy paths. Bad input is in
// routes.errors.test.ts, other users and no session in routes.security.test.ts.
let ann: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const { add, list, get } = typedCalls;

interface TagUse {
  id: number;
  name: string;
  entries: number;
  people: number;
  timers: number;
}
interface MetricUse {
  id: number;
  name: string;
  entries: number;
}
const tagsInUse = async (user = ann) => bodyOf<TagUse[]>(await user.call("GET", "/tags-in-use"), 200);
const metricsInUse = async (user = ann) => bodyOf<MetricUse[]>(await user.call("GET", "/metrics-in-use"), 200);
const tagId = async (name: string) => (await tagsInUse()).find((t) => t.name === name)?.id ?? 0;
const metricId = async (name: string) => (await metricsInUse()).find((m) => m.name === name)?.id ?? 0;
const useCounts = async () =>
  (
    await env.DB.prepare("SELECT name, use_count AS n FROM tags WHERE user_id = ? ORDER BY name")
      .bind(ann.id)
      .all<{ name: string; n: number }>()
  ).results;
const addPerson = async (name: string, tags: string[]) =>
  bodyOf<{ id: number }>(
    await peopleCall(ann, "POST", "", { name, email: "ada@example.com", birthDate: "1990-01-02", tags }),
    201,
  );
const personTags = async (id: number) =>
  (
    await env.DB.prepare(
      "SELECT t.name FROM person_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.person_id = ? ORDER BY t.name",
    )
      .bind(id)
      .all<{ name: string }>()
  ).results.map((t) => t.name);
async function itemFor(filter: { name: string; not?: boolean }[], metric: number | null = null) {
  const stack = await stackCalls.create(ann, "Stats");
  return stackCalls.addItem(ann, {
    stackId: stack.id,
    title: "count",
    type: "sum",
    uptimeOnly: false,
    tagsSign: "||",
    position: 0,
    config: { filter: filter.map((f) => ({ not: false, ...f })), timeRange: null, metricId: metric },
  });
}
const itemConfig = async (id: number) =>
  JSON.parse(
    (await env.DB.prepare("SELECT config FROM stack_items WHERE id = ?").bind(id).first<{ config: string }>())!.config,
  ) as { filter: { not: boolean; name: string }[]; metricId: number | null };
const sumOf = async (filter: { name: string; not?: boolean }[], metric: number | null = null) =>
  bodyOf<{ value: number }>(
    await ann.call("POST", "/stack-item-data", {
      type: "sum",
      uptimeOnly: false,
      tagsSign: "||",
      config: { filter: filter.map((f) => ({ not: false, ...f })), timeRange: null, metricId: metric },
    }),
    200,
  );

describe("lists with counts", () => {
  it("lists every tag with its entries and people, and every metric with its entries, by name", async () => {
    await add(ann, { text: "a", tags: ["walk", "@ada"], metrics: [{ name: "km", value: 3 }] });
    await add(ann, { text: "b", tags: ["walk"], metrics: [{ name: "mood", value: 4 }] });
    await addPerson("Ada", ["@ada", "@friend"]);
    expect((await tagsInUse()).map(({ name, entries, people }) => ({ name, entries, people }))).toEqual([
      { name: "@ada", entries: 1, people: 1 },
      { name: "@friend", entries: 0, people: 1 },
      { name: "walk", entries: 2, people: 0 },
    ]);
    expect((await metricsInUse()).map(({ name, entries }) => ({ name, entries }))).toEqual([
      { name: "km", entries: 1 },
      { name: "mood", entries: 1 },
    ]);
  });

  it("counts the running timer that has a tag, not the saved ones (their entries count)", async () => {
    const timer = await bodyOf<{ id: number; startedAt: string }>(
      await ann.call("POST", "/timer", { text: "focus", tags: ["deep", "@ada"], initAt: "2026-01-01T08:00:00.000Z" }),
      201,
    );
    const counts = async () =>
      (await tagsInUse()).map(({ name, entries, people, timers }) => ({ name, entries, people, timers }));
    // Only the timer uses them: in use, not "0 entries" to delete.
    expect(await counts()).toEqual([
      { name: "@ada", entries: 0, people: 0, timers: 1 },
      { name: "deep", entries: 0, people: 0, timers: 1 },
    ]);
    await bodyOf(
      await ann.call("PUT", "/timer", {
        id: timer.id,
        text: "focus",
        tags: ["deep", "@ada"],
        startedAt: timer.startedAt,
        pausedAt: "2026-01-01T09:00:00.000Z",
        pausedTimeDiff: 0,
        complete: true,
      }),
      200,
    );
    expect(await counts()).toEqual([
      { name: "@ada", entries: 1, people: 0, timers: 0 },
      { name: "deep", entries: 1, people: 0, timers: 0 },
    ]);
  });

  it("answers empty lists for a new user", async () => {
    expect(await tagsInUse()).toEqual([]);
    expect(await metricsInUse()).toEqual([]);
  });
});

describe("renaming a tag", () => {
  it("renames it on its entries, its people and the stack filters that name it; counts stay", async () => {
    const entry = await add(ann, { text: "a", tags: ["@ada", "tea"] });
    await add(ann, { text: "b", tags: ["@ada"] });
    const person = await addPerson("Ada", ["@ada"]);
    const item = await itemFor([{ name: "@ada" }, { name: "coffee", not: true }]);
    const id = await tagId("@ada");
    const before = await useCounts();

    const renamed = await bodyOf<TagUse>(await ann.call("PUT", `/tags/${id}`, { name: "  @Ada   Lovelace " }), 200);
    expect(renamed).toEqual({ id, name: "@ada lovelace", entries: 2, people: 1, timers: 0 });
    expect((await get(ann, entry.id)).tags.map((t) => t.name)).toEqual(["@ada lovelace", "tea"]);
    expect(await personTags(person.id)).toEqual(["@ada lovelace"]);
    expect((await itemConfig(item.id)).filter).toEqual([
      { not: false, name: "@ada lovelace" },
      { not: true, name: "coffee" },
    ]);
    const stack = await stackCalls.get(ann, item.stackId);
    expect(stack.items[0]?.config.filter[0]).toEqual({ id, not: false, name: "@ada lovelace" });
    expect(await sumOf([{ name: "@ada lovelace" }])).toMatchObject({ value: 2 });
    expect(await useCounts()).toEqual(before.map((r) => (r.name === "@ada" ? { ...r, name: "@ada lovelace" } : r)));
    // The people book's '@' suggestions follow.
    expect((await bodyOf<{ name: string }[]>(await ann.call("GET", "/tags-for-people-sorted"), 200))[0]?.name).toBe(
      "@ada lovelace",
    );
  });

  it("answers the tag unchanged when the name is its own", async () => {
    await add(ann, { tags: ["tea"] });
    const id = await tagId("tea");
    expect(await bodyOf(await ann.call("PUT", `/tags/${id}`, { name: " TEA " }), 200)).toMatchObject({
      id,
      name: "tea",
      entries: 1,
    });
  });

  it("keeps a renamed entry and a new one with the new name as one run (their fingerprints agree)", async () => {
    await add(ann, { text: "tea", tags: ["green"], date: "2026-01-01T10:00:00.000Z" });
    await ann.call("PUT", `/tags/${await tagId("green")}`, { name: "sencha" });
    await add(ann, { text: "tea", tags: ["sencha"], date: "2026-01-01T11:00:00.000Z" });
    expect((await list(ann)).map((e) => [e.text, e.totalLifts])).toEqual([["tea", 2]]);
  });
});

describe("merging a tag", () => {
  it("answers 409 with the entries that would move, and changes nothing without merge: true", async () => {
    await add(ann, { tags: ["run"] });
    await add(ann, { tags: ["run", "jog"] });
    await add(ann, { tags: ["jog"] });
    const before = await useCounts();
    const res = await ann.call("PUT", `/tags/${await tagId("jog")}`, { name: "Run" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The tag run exists; entries a merge moves onto it: 2",
      error: "The tag run exists; entries a merge moves onto it: 2",
      code: "journal.tagExists",
      values: { name: "run", count: 2 },
    });
    expect(await useCounts()).toEqual(before);
  });

  it("moves entries, people and filters onto the tag kept, once each; its use count is recounted", async () => {
    const both = await add(ann, { text: "both", tags: ["@run", "@jog"], date: "2026-01-01T08:00:00.000Z" });
    const jog = await add(ann, { text: "@jog", tags: ["@jog"], date: "2026-03-01T08:00:00.000Z" });
    await add(ann, { text: "@run", tags: ["@run"], date: "2026-02-01T08:00:00.000Z" });
    const person = await addPerson("Coach", ["@jog", "@run"]);
    const other = await addPerson("Pal", ["@jog"]);
    const item = await itemFor([{ name: "@jog" }, { name: "@run" }, { name: "@rest", not: true }]);
    const [jogId, runId] = [await tagId("@jog"), await tagId("@run")];

    const merged = await bodyOf<TagUse>(await ann.call("PUT", `/tags/${jogId}`, { name: "@run", merge: true }), 200);
    expect(merged).toEqual({ id: runId, name: "@run", entries: 3, people: 2, timers: 0 });
    expect((await tagsInUse()).map((t) => t.name)).toEqual(["@run"]);
    expect((await get(ann, both.id)).tags.map((t) => t.name)).toEqual(["@run"]);
    expect((await get(ann, jog.id)).tags).toEqual([{ id: runId, name: "@run" }]);
    expect(await personTags(person.id)).toEqual(["@run"]);
    expect(await personTags(other.id)).toEqual(["@run"]);
    // The filter named both: it names the one kept once, in its place.
    expect((await itemConfig(item.id)).filter).toEqual([
      { not: false, name: "@run" },
      { not: true, name: "@rest" },
    ]);
    expect(await sumOf((await itemConfig(item.id)).filter)).toMatchObject({ value: 3 });
    expect(await useCounts()).toEqual([{ name: "@run", n: 3 }]);
    const lastUsed = await env.DB.prepare("SELECT last_used_at AS t FROM tags WHERE id = ?").bind(runId).first<{
      t: number;
    }>();
    expect(lastUsed?.t).toBe(Date.parse("2026-03-01T08:00:00.000Z"));
    expect(await count("entry_tags")).toBe(3);
  });

  it("makes entries the merge made identical one run in the list", async () => {
    await add(ann, { text: "x", tags: ["a"], date: "2026-01-01T10:00:00.000Z" });
    await add(ann, { text: "x", tags: ["b"], date: "2026-01-01T11:00:00.000Z" });
    expect(await list(ann)).toHaveLength(2);
    await bodyOf(await ann.call("PUT", `/tags/${await tagId("a")}`, { name: "b", merge: true }), 200);
    expect((await list(ann)).map((e) => [e.text, e.totalLifts])).toEqual([["x", 2]]);
  });

  it("marks the sleep columns stale when a tag becomes 'down'", async () => {
    await add(ann, { tags: ["sleep"], date: "2026-01-01T22:00:00.000Z" });
    await add(ann, { tags: ["up"], date: "2026-01-02T07:00:00.000Z" });
    await bodyOf(await ann.call("PUT", `/tags/${await tagId("sleep")}`, { name: "down" }), 200);
    const stale = await env.DB.prepare("SELECT since FROM uptime_stale WHERE user_id = ?").bind(ann.id).first();
    expect(stale).not.toBeNull();
  });

  it("merges past the paging: 451 entries (301 move: 3 pages read, 2 fingerprint statements) and 60 stack items in one batch", async () => {
    const now = Date.UTC(2026, 0, 1);
    await add(ann, { text: "seed", tags: ["a", "b"] });
    const [a, b] = [await tagId("a"), await tagId("b")];
    const insert = env.DB.prepare(
      "INSERT INTO entries (user_id, text, date, modified_at, fingerprint) VALUES (?, ?, ?, ?, 'old')",
    );
    const link = env.DB.prepare(
      "INSERT INTO entry_tags (entry_id, tag_id) SELECT max(id), ? FROM entries WHERE user_id = ?",
    );
    const writes = [];
    for (let i = 0; i < 450; i++)
      writes.push(insert.bind(ann.id, `e${i}`, now + i * 60_000, now), link.bind(i % 3 ? a : b, ann.id));
    await env.DB.batch(writes);
    const stack = await stackCalls.create(ann, "Many");
    const item = env.DB.prepare(
      `INSERT INTO stack_items (user_id, stack_id, title, type, config, created_at) VALUES (?, ?, ?, 'sum', ?, ?)`,
    );
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) =>
        item.bind(
          ann.id,
          stack.id,
          `i${i}`,
          JSON.stringify({ filter: [{ not: false, name: "a" }], timeRange: null, metricId: null }),
          now,
        ),
      ),
    );
    const merged = await bodyOf<TagUse>(await ann.call("PUT", `/tags/${a}`, { name: "b", merge: true }), 200);
    expect(merged).toMatchObject({ id: b, entries: 451 });
    expect(await count("entry_tags")).toBe(451);
    expect(await count("entries", "fingerprint = 'old'")).toBe(150); // 'b' all along: their content did not change
    expect(await count("stack_items", 'config LIKE \'%"name":"b"%\'')).toBe(60);
    expect(await useCounts()).toEqual([{ name: "b", n: 451 }]);
  });
});

describe("deleting a tag", () => {
  it("takes the tag off its entries and people, which stay; filters keep the name", async () => {
    const entry = await add(ann, { text: "kept", tags: ["@old", "@new"] });
    const person = await addPerson("Ada", ["@old"]);
    const item = await itemFor([{ name: "@old" }]);
    const id = await tagId("@old");
    expect(await bodyOf(await ann.call("DELETE", `/tags/${id}`), 200)).toEqual({ message: "Tag deleted", id });
    expect((await get(ann, entry.id)).tags.map((t) => t.name)).toEqual(["@new"]);
    expect(await personTags(person.id)).toEqual([]);
    expect(await count("people")).toBe(1);
    expect((await itemConfig(item.id)).filter).toEqual([{ not: false, name: "@old" }]);
    expect(await sumOf([{ name: "@old" }])).toMatchObject({ value: 0 });
    expect(await useCounts()).toEqual([{ name: "@new", n: 1 }]);
  });
});

describe("metrics", () => {
  it("renames a metric on its entries; a stack item using it keeps it", async () => {
    const entry = await add(ann, { text: "walk", metrics: [{ name: "km", value: 3 }] });
    const id = await metricId("km");
    const item = await itemFor([{ name: "walk" }], id);
    expect(await bodyOf(await ann.call("PUT", `/metrics/${id}`, { name: " Kilometres " }), 200)).toEqual({
      id,
      name: "kilometres",
      entries: 1,
    });
    expect((await get(ann, entry.id)).metrics).toEqual([{ id, name: "kilometres", value: 3 }]);
    expect((await itemConfig(item.id)).metricId).toBe(id);
  });

  it("merges a metric: values move, stack items follow, and 409 first without merge: true", async () => {
    await add(ann, { text: "a", tags: ["run"], metrics: [{ name: "km", value: 3 }] });
    await add(ann, { text: "b", tags: ["run"], metrics: [{ name: "distance", value: 5 }] });
    const [km, distance] = [await metricId("km"), await metricId("distance")];
    const item = await itemFor([{ name: "run" }], km);
    const refused = await ann.call("PUT", `/metrics/${km}`, { name: "distance" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "journal.metricExists",
      values: { name: "distance", count: 1 },
    });
    const merged = await bodyOf(await ann.call("PUT", `/metrics/${km}`, { name: "distance", merge: true }), 200);
    expect(merged).toEqual({ id: distance, name: "distance", entries: 2 });
    expect((await metricsInUse()).map((m) => m.name)).toEqual(["distance"]);
    expect((await itemConfig(item.id)).metricId).toBe(distance);
    expect(await sumOf([{ name: "run" }], distance)).toMatchObject({ value: 8 });
  });

  it("refuses to merge when an entry has both metrics, even with merge: true, and changes nothing", async () => {
    await add(ann, {
      text: "a",
      metrics: [
        { name: "km", value: 3 },
        { name: "distance", value: 5 },
      ],
    });
    await add(ann, { text: "b", metrics: [{ name: "km", value: 1 }] });
    const km = await metricId("km");
    const before = await metricsInUse();
    const res = await ann.call("PUT", `/metrics/${km}`, { name: "distance", merge: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "journal.metricsOnOneEntry", values: { count: 1 } });
    expect(await metricsInUse()).toEqual(before);
    expect(await count("entry_metrics")).toBe(3);
  });

  it("renames onto mood or duration only when every value fits", async () => {
    await add(ann, { text: "a", metrics: [{ name: "feeling", value: 4 }] });
    await add(ann, { text: "b", metrics: [{ name: "feeling", value: 7 }] });
    await add(ann, { text: "c", metrics: [{ name: "minutes", value: 20 }] });
    const feeling = await metricId("feeling");
    const res = await ann.call("PUT", `/metrics/${feeling}`, { name: "mood" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "journal.metricValuesMisfit", values: { name: "mood", count: 1 } });
    expect(
      await bodyOf(await ann.call("PUT", `/metrics/${await metricId("minutes")}`, { name: "duration" }), 200),
    ).toMatchObject({ name: "duration" });
  });

  it("deletes a metric: its values leave the entries, which stay; stack items use none", async () => {
    const entry = await add(ann, {
      text: "walk",
      tags: ["walk"],
      metrics: [
        { name: "km", value: 3 },
        { name: "mood", value: 4 },
      ],
    });
    const km = await metricId("km");
    const item = await itemFor([{ name: "walk" }], km);
    expect(await bodyOf(await ann.call("DELETE", `/metrics/${km}`), 200)).toEqual({
      message: "Metric deleted",
      id: km,
    });
    expect((await get(ann, entry.id)).metrics.map((m) => m.name)).toEqual(["mood"]);
    expect((await itemConfig(item.id)).metricId).toBeNull();
    expect(await count("entries")).toBe(1);
  });
});
