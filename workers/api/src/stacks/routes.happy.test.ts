import { env } from "cloudflare:test";
import { localDayNumber } from "@nook/shared/common/time-zone";
import { beforeEach, describe, expect, it } from "vitest";
import { expectStatus, resetDb, signedInUser } from "../test/helpers.ts";
import { stackCalls, stackCounts, type User } from "./test-calls.ts";

// Stacks' happy paths through the typed client; refusals in routes.errors.test.ts, other users in routes.security.test.ts.
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});
const { create, get, addItem } = stackCalls;

describe("stacks", () => {
  it("creates, lists, renames and deletes a stack, its items going with it", async () => {
    const morning = await create(ann, "Morning", "☕");
    expect(morning).toMatchObject({ name: "Morning", icon: "☕", items: [] });
    const evening = await create(ann, "  Evening  ");
    expect(evening.name).toBe("Evening");
    const list = await (await ann.api.journal.stacks.$get()).json();
    expect(list).toEqual([
      { id: morning.id, name: "Morning", icon: "☕" },
      { id: evening.id, name: "Evening", icon: "" },
    ]);

    const renamed = await ann.api.journal.stacks[":id"].$put({
      param: { id: String(morning.id) },
      json: { name: "Mornings" },
    });
    expect(renamed.status).toBe(200);
    expect(await get(ann, morning.id)).toMatchObject({ name: "Mornings", icon: "☕" });
    await ann.api.journal.stacks[":id"].$put({ param: { id: String(morning.id) }, json: { icon: "🌅" } });
    expect(await get(ann, morning.id)).toMatchObject({ name: "Mornings", icon: "🌅" });

    await addItem(ann, {
      stackId: morning.id,
      title: "coffee",
      type: "streaks",
      config: { filter: [{ name: "coffee" }] },
    });
    const gone = await ann.api.journal.stacks[":id"].$delete({ param: { id: String(morning.id) } });
    expect(await gone.json()).toEqual({ message: "Stack deleted", id: morning.id });
    expect(await stackCounts()).toEqual({ stacks: 1, stack_items: 0 });
  });
});

describe("stack items", () => {
  it("adds items with the spec's fields, in position order, and edits and deletes them", async () => {
    await ann.call("POST", "/entries", { text: "x", tags: ["coffee"] });
    const stack = await create(ann, "Habits");
    const streak = await addItem(ann, {
      stackId: stack.id,
      title: " Coffee streak ",
      type: "streaks",
      tagsSign: "||",
      config: { filter: [{ name: "Coffee" }, { name: "decaf", not: true }] },
    });
    const coffeeTagId = (await (await ann.api.journal.tags.$get()).json())[0]?.id;
    expect(streak).toEqual({
      id: streak.id,
      stackId: stack.id,
      title: "Coffee streak",
      type: "streaks",
      uptimeOnly: false,
      tagsSign: "||",
      position: 0,
      // Each filter tag carries the id of the user's tag of that name, or null when there is none yet.
      config: {
        filter: [
          { id: coffeeTagId, not: false, name: "coffee" },
          { id: null, not: true, name: "decaf" },
        ],
        timeRange: null,
        metricId: null,
      },
    });
    const sum = await addItem(ann, {
      stackId: stack.id,
      title: "time",
      type: "top time between",
      uptimeOnly: true,
      position: -1,
      config: { filter: [{ name: "coffee" }], timeRange: "week" },
    });
    expect((await get(ann, stack.id)).items.map((i) => i.id)).toEqual([sum.id, streak.id]);

    const edited = await ann.api.journal["stack-items"][":id"].$put({
      param: { id: String(streak.id) },
      json: { title: "Coffee days", type: "calendar" },
    });
    expect(await edited.json()).toMatchObject({
      id: streak.id,
      title: "Coffee days",
      type: "calendar",
      tagsSign: "||",
    });
    const deleted = await ann.api.journal["stack-items"][":id"].$delete({ param: { id: String(sum.id) } });
    expect(await deleted.json()).toEqual({ message: "Stack item deleted", id: sum.id });
    expect((await get(ann, stack.id)).items.map((i) => i.id)).toEqual([streak.id]);
  });
});

describe("a stack item's filter", () => {
  it("keeps tag names and shows the ids of the user's tags of those names as they are now", async () => {
    const stack = await create(ann, "Habits");
    const item = await addItem(ann, {
      stackId: stack.id,
      title: "tea",
      type: "list",
      config: { filter: [{ name: "tea" }, { name: "milk", not: true }] },
    });
    expect(item.config.filter).toEqual([
      { id: null, not: false, name: "tea" },
      { id: null, not: true, name: "milk" },
    ]);
    // The tag is first used after the item was saved: the item names it from then on, as its statistic counts it.
    await ann.call("POST", "/entries", { text: "green", tags: ["tea"] });
    const teaTagId = (await (await ann.api.journal.tags.$get()).json())[0]?.id;
    expect((await get(ann, stack.id)).items[0]?.config.filter).toEqual([
      { id: teaTagId, not: false, name: "tea" },
      { id: null, not: true, name: "milk" },
    ]);
    expect(await env.DB.prepare("SELECT config FROM stack_items").first("config")).toBe(
      JSON.stringify({
        filter: [
          { not: false, name: "tea" },
          { not: true, name: "milk" },
        ],
        timeRange: null,
        metricId: null,
      }),
    );
  });

  it("reads a filter stored with ids by its names", async () => {
    const stack = await create(ann, "Habits");
    const item = await addItem(ann, {
      stackId: stack.id,
      title: "tea",
      type: "list",
      config: { filter: [{ name: "tea" }] },
    });
    await ann.call("POST", "/entries", { text: "green", tags: ["tea"] });
    const teaTagId = (await (await ann.api.journal.tags.$get()).json())[0]?.id;
    // Items saved before filters kept names only carry the id found then (null: no tag of that name yet).
    await env.DB.prepare("UPDATE stack_items SET config = ? WHERE id = ?")
      .bind(
        JSON.stringify({ filter: [{ id: null, not: false, name: "tea" }], timeRange: "week", metricId: null }),
        item.id,
      )
      .run();
    expect((await get(ann, stack.id)).items[0]?.config).toEqual({
      filter: [{ id: teaTagId, not: false, name: "tea" }],
      timeRange: "week",
      metricId: null,
    });
  });
});

describe("stack-item-data", () => {
  it("computes an item's statistic from the body, in the profile's zone or ?tz=", async () => {
    const now = Date.now();
    for (const [text, ago] of [
      ["one", 3 * 3_600_000],
      ["two", 2 * 3_600_000],
      ["three", 3_600_000],
    ] as const)
      await ann.call("POST", "/entries", { text, tags: ["coffee"], date: new Date(now - ago).toISOString() });
    await ann.call("POST", "/entries", { text: "tea", tags: ["tea"] });
    const data = (type: string, tz = "") =>
      ann.api.journal["stack-item-data"].$post({
        json: { type: type as "list", config: { filter: [{ name: "coffee" }] }, tagsSign: "&&", uptimeOnly: false },
        query: tz ? { tz } : {},
      });
    const list = await (await expectStatus(await data("list"), 200)).json();
    expect(list).toMatchObject({ entries: [{ text: "three" }, { text: "two" }, { text: "one" }] });
    const gaps = await (await expectStatus(await data("top time between"), 200)).json();
    expect(gaps).toHaveLength(2);
    expect(gaps).toMatchObject([{ d: expect.closeTo(3600, 0) }, { d: expect.closeTo(3600, 0) }]);
    const velocity = await (await expectStatus(await data("velocity", "Asia/Kolkata"), 200)).json();
    expect(velocity).toMatchObject({ count: 3 });
    const streaks = await (await expectStatus(await data("streaks", "Pacific/Kiritimati"), 200)).json();
    // The latest entry, an hour ago, is today in Kiritimati (UTC+14) unless its midnight came in between
    // (10:00–11:00 UTC): counted in that zone, not in UTC, either way.
    const kiritimati = (at: number) => localDayNumber(at, "Pacific/Kiritimati");
    const daysSince = kiritimati(now) - kiritimati(now - 3_600_000);
    expect(streaks).toMatchObject({ daysSinceLastEntry: daysSince, currentStreak: { length: expect.any(Number) } });
  });
});
