import { env } from "cloudflare:test";
import type { StackItemData } from "@nook/shared/stacks/item-data";
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
        date: null,
        goal: null,
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
      // Nor had items a date then: now; nor a goal: the daily streak.
      date: null,
      goal: null,
    });
  });
});

describe("a stack item's date (spec 1 §4: now or a custom datetime)", () => {
  it("keeps a chosen date as ISO, clears it back to now, and computes the statistic as of it", async () => {
    const stack = await create(ann, "Habits");
    const when = Date.parse("2026-03-10T20:00:00Z");
    for (const [text, at] of [
      ["before", when - 3_600_000],
      ["after", when + 3_600_000],
    ] as const)
      await ann.call("POST", "/entries", { text, tags: ["coffee"], date: new Date(at).toISOString() });
    // An offset is read as the moment it names and kept as UTC ISO.
    const dated = await addItem(ann, {
      stackId: stack.id,
      title: "coffee then",
      type: "time since",
      config: { filter: [{ name: "coffee" }], date: "2026-03-11T09:00:00+13:00" },
    });
    expect(dated.config.date).toBe("2026-03-10T20:00:00.000Z");
    expect((await get(ann, stack.id)).items[0]?.config.date).toBe("2026-03-10T20:00:00.000Z");
    const data = (date: string | null) =>
      ann.api.journal["stack-item-data"].$post({
        json: { type: "time since", config: { filter: [{ name: "coffee" }], date } },
      });
    // As of the item's date, the entry after it is not yet there; as of now it is the latest.
    expect(await (await expectStatus(await data(dated.config.date), 200)).json()).toMatchObject({
      entry: { text: "before" },
    });
    expect(await (await expectStatus(await data(null), 200)).json()).toMatchObject({ entry: { text: "after" } });
    const cleared = await ann.api.journal["stack-items"][":id"].$put({
      param: { id: String(dated.id) },
      json: { config: { filter: [{ name: "coffee" }], date: null } },
    });
    expect((await (await expectStatus(cleared, 200)).json()).config).toMatchObject({ date: null });
  });
});

describe("a streaks item's habit goal", () => {
  it("keeps a goal of times a week or a month, changes and clears it, and the statistic counts by it", async () => {
    const stack = await create(ann, "Habits");
    const item = await addItem(ann, {
      stackId: stack.id,
      title: "runs",
      type: "streaks",
      config: { filter: [{ name: "run" }], goal: { times: 3, per: "week" } },
    });
    expect(item.config.goal).toEqual({ times: 3, per: "week" });
    expect((await get(ann, stack.id)).items[0]?.config.goal).toEqual({ times: 3, per: "week" });
    const put = (goal: { times: number; per: "week" | "month" } | null) =>
      ann.api.journal["stack-items"][":id"].$put({
        param: { id: String(item.id) },
        json: { config: { filter: [{ name: "run" }], goal } },
      });
    expect((await (await expectStatus(await put({ times: 31, per: "month" }), 200)).json()).config.goal).toEqual({
      times: 31,
      per: "month",
    });
    expect((await (await expectStatus(await put(null), 200)).json()).config.goal).toBeNull();
    expect((await get(ann, stack.id)).items[0]?.config.goal).toBeNull();

    // Two runs on one day count once: one day of a weekly goal of 2, this week so far.
    await ann.call("POST", "/entries", { text: "a", tags: ["run"] });
    await ann.call("POST", "/entries", { text: "b", tags: ["run"] });
    const data = await ann.api.journal["stack-item-data"].$post({
      json: { type: "streaks", config: { filter: [{ name: "run" }], goal: { times: 2, per: "week" } } },
      query: { tz: "UTC" },
    });
    const streaks = (await (await expectStatus(data, 200)).json()) as StackItemData["streaks"];
    expect(streaks).toMatchObject({ currentStreak: { length: 0 }, daysSinceLastEntry: 0 });
    expect(streaks.goal).toMatchObject({ times: 2, per: "week", count: 1 });
    // This week, Monday to Sunday, holds today.
    const today = new Date().toISOString().slice(0, 10);
    expect((streaks.goal?.periodStart ?? "") <= today && today <= (streaks.goal?.periodEnd ?? "")).toBe(true);
  });
});

describe("stack-item-data", () => {
  it("computes an item's statistic from the body, in the profile's zone or ?tz=", async () => {
    // The newest is written now (no date), so it is today in every zone, whatever the hour (Kiritimati is UTC+14).
    const now = Date.now();
    for (const [text, ago] of [
      ["one", 2 * 3_600_000],
      ["two", 3_600_000],
    ] as const)
      await ann.call("POST", "/entries", { text, tags: ["coffee"], date: new Date(now - ago).toISOString() });
    await ann.call("POST", "/entries", { text: "three", tags: ["coffee"] });
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
    // Within 5 s: the newest entry's time is the server's clock when it was written.
    expect(gaps).toMatchObject([{ d: expect.closeTo(3600, -1) }, { d: expect.closeTo(3600, -1) }]);
    const velocity = await (await expectStatus(await data("velocity", "Asia/Kolkata"), 200)).json();
    expect(velocity).toMatchObject({ count: 3 });
    const streaks = await (await expectStatus(await data("streaks", "Pacific/Kiritimati"), 200)).json();
    expect(streaks).toMatchObject({ daysSinceLastEntry: 0, currentStreak: { length: expect.any(Number) } });
  });
});
