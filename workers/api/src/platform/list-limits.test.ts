import { env } from "cloudflare:test";
import { ENTRY_METRICS_MAX, ENTRY_TAGS_MAX } from "@nook/shared/journal/limits";
import { TAG_IDS_TO_REMOVE_MAX } from "@nook/shared/people/schemas";
import { STACK_ITEM_TYPES } from "@nook/shared/stacks/limits";
import { beforeEach, describe, expect, it } from "vitest";
import { typedCalls } from "../journal/test-calls.ts";
import { ADA, peopleCall } from "../people/test-calls.ts";
import { stackCalls } from "../stacks/test-calls.ts";
import { bodyOf, count, resetDb, signedInUser } from "../test/helpers.ts";
import { asUpdate, timerCalls } from "../timer/test-calls.ts";

// Every list field at its schema's maximum (DESIGN section 3): D1 binds at most
// 100 parameters a statement, and these writes once bound a few an item, so a
// valid 34 tags answered 500.
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

const listOf = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));
const useCounts = async () =>
  (await env.DB.prepare("SELECT use_count FROM tags").all<{ use_count: number }>()).results.map((t) => t.use_count);

describe("list fields at their maximum", () => {
  it("creates, updates, lifts and deletes an entry with the most tags and metrics", async () => {
    const tags = listOf(ENTRY_TAGS_MAX, (i) => `tag ${i}`);
    const metrics = listOf(ENTRY_METRICS_MAX, (i) => ({ name: `metric ${i}`, value: i + 0.5 }));
    const entry = await typedCalls.add(ann, { text: "full", tags, metrics });
    expect(entry.tags).toHaveLength(ENTRY_TAGS_MAX);
    expect(entry.metrics.map(({ name, value }) => ({ name, value }))).toEqual(expect.arrayContaining(metrics));
    expect(await useCounts()).toEqual(listOf(ENTRY_TAGS_MAX, () => 1));

    const others = listOf(ENTRY_TAGS_MAX, (i) => `other ${i}`);
    const res = await ann.api.journal.entries.$put({
      json: { entryId: entry.id, text: "full", tags: others, metrics: metrics.map((m) => ({ ...m, value: 1 })) },
    });
    expect(res.status).toBe(200);
    expect(await count("entry_tags")).toBe(ENTRY_TAGS_MAX);
    expect(await count("entry_metrics")).toBe(ENTRY_METRICS_MAX);
    // The old tags are recounted to no use, the new ones to one.
    expect((await useCounts()).sort()).toEqual([
      ...listOf(ENTRY_TAGS_MAX, () => 0),
      ...listOf(ENTRY_TAGS_MAX, () => 1),
    ]);

    const lifted = await typedCalls.lift(ann, entry.id);
    expect(lifted.tags).toHaveLength(ENTRY_TAGS_MAX);
    expect((await ann.api.journal.entries.$delete({ json: { entryId: entry.id } })).status).toBe(200);
    expect((await ann.api.journal.entries.$delete({ json: { entryId: lifted.id } })).status).toBe(200);
    expect(await useCounts()).toEqual(listOf(2 * ENTRY_TAGS_MAX, () => 0));
  });

  it("starts, edits and saves a timer with the most tags", async () => {
    const timer = await timerCalls.start(ann, {
      text: "work",
      tags: listOf(ENTRY_TAGS_MAX, (i) => `tag ${i}`),
      initAt: new Date().toISOString(),
    });
    expect(timer.tags).toHaveLength(ENTRY_TAGS_MAX);
    const edited = await timerCalls.update(ann, asUpdate(timer, { tags: listOf(ENTRY_TAGS_MAX, (i) => `other ${i}`) }));
    expect(edited.tags.map((t) => t.name)).toContain("other 49");
    expect(await count("timer_tags")).toBe(ENTRY_TAGS_MAX);
    const saved = await timerCalls.update(ann, asUpdate(edited, { complete: true }));
    expect(saved.entryId).toEqual(expect.any(Number));
    expect(await count("entry_tags")).toBe(ENTRY_TAGS_MAX);
  });

  it("adds a person with the most tags, then removes the most tag ids and adds the most tags", async () => {
    const person = await bodyOf<{ id: number; tags: { id: number }[] }>(
      await peopleCall(ann, "POST", "", { ...ADA, tags: listOf(ENTRY_TAGS_MAX, (i) => `tag${i}`) }),
      201,
    );
    expect(person.tags).toHaveLength(ENTRY_TAGS_MAX);
    const linked = person.tags.map((t) => t.id);
    const tagIdsToRemove = [...linked, ...listOf(TAG_IDS_TO_REMOVE_MAX - linked.length, (i) => 100_000 + i)];
    const res = await peopleCall(ann, "PUT", `/${person.id}`, {
      ...ADA,
      id: person.id,
      tagIdsToRemove,
      tagNamesToAdd: listOf(ENTRY_TAGS_MAX, (i) => `new${i}`),
    });
    const updated = await bodyOf<{ tags: { id: number; name: string }[] }>(res, 200);
    expect(updated.tags.map((t) => t.name).sort()).toEqual(listOf(ENTRY_TAGS_MAX, (i) => `@new${i}`).sort());
    expect(await count("person_tags")).toBe(ENTRY_TAGS_MAX);
  });
});

describe("filters at their maximum", () => {
  it("lists the entries matching a filter of the most tags, all (&&) or any (||), with a time range", async () => {
    const tags = listOf(ENTRY_TAGS_MAX, (i) => `tag ${i}`);
    const entry = await typedCalls.add(ann, { text: "full", tags });
    const short = await typedCalls.add(ann, { text: "one short", tags: tags.slice(1) });
    const filter = tags.map((name) => ({ name, not: false }));
    const found = async (tagsSign: "&&" | "||") =>
      (await typedCalls.byConfig(ann, { config: { filter, timeRange: "week" }, tagsSign })).map((e) => e.id);
    expect(await found("&&")).toEqual([entry.id]);
    expect(await found("||")).toEqual([short.id, entry.id]);
    const unwanted = tags.map((name) => ({ name, not: true }));
    expect(await typedCalls.byConfig(ann, { config: { filter: unwanted }, tagsSign: "||" })).toEqual([]);
  });

  it("saves a stack item with the most filter tags and computes each statistic of it", async () => {
    const tags = listOf(ENTRY_TAGS_MAX, (i) => `tag ${i}`);
    await typedCalls.add(ann, { text: "full", tags, metrics: [{ name: "steps", value: 3 }] });
    const metricId = (await (await ann.api.journal.metrics.$get()).json())[0]?.id ?? null;
    const filter = tags.map((name) => ({ name, not: false }));
    const stack = await stackCalls.create(ann, "full");
    await stackCalls.addItem(ann, { stackId: stack.id, title: "all", type: "list", config: { filter } });
    expect((await stackCalls.get(ann, stack.id)).items[0]?.config.filter.every((f) => f.id !== null)).toBe(true);
    const halfUnwanted = filter.map((f, i) => ({ ...f, not: i % 2 === 1 }));
    for (const type of STACK_ITEM_TYPES)
      for (const config of [{ filter }, { filter: halfUnwanted }]) {
        const res = await ann.api.journal["stack-item-data"].$post({
          json: { type, config: { ...config, metricId }, tagsSign: "&&", uptimeOnly: true },
          query: {},
        });
        expect(res.status, `${type}: ${await res.clone().text()}`).toBe(200);
      }
  });
});
