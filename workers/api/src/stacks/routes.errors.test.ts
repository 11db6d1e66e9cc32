import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, resetDb, signedInUser } from "../test/helpers.ts";
import { stackCalls, stackCounts, type User } from "./test-calls.ts";

// Refusals: 400 with the spec's words (spec 1 §5), nothing written.
let ann: User;
let stackId: number;
let itemId: number;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  stackId = (await stackCalls.create(ann, "Habits")).id;
  itemId = (await stackCalls.addItem(ann, { stackId, title: "t", type: "list", config: { filter: [{ name: "a" }] } }))
    .id;
});

const item = (patch: Record<string, unknown>) => ({
  stackId,
  title: "coffee",
  type: "streaks",
  config: { filter: [{ name: "coffee" }] },
  ...patch,
});

describe("bad input is refused and nothing is written", () => {
  const cases: [string, string, string, (() => unknown) | unknown][] = [
    ["POST", "/stacks", "Name is required", { icon: "☕" }],
    ["POST", "/stacks", "No update stack data presented", { name: "   " }],
    ["POST", "/stacks", "No update stack data presented", { name: "", icon: "" }],
    ["POST", "/stacks", "No update stack data presented", {}],
    ["POST", "/stacks", "An icon is at most 16 characters", { name: "x", icon: "i".repeat(17) }],
    ["PUT", "/stacks/:stack", "No update stack data presented", {}],
    ["POST", "/stack-items", "empty title", () => item({ title: "  " })],
    ["POST", "/stack-items", "empty title", () => item({ title: undefined })],
    ["POST", "/stack-items", "empty tags", () => item({ config: { filter: [] } })],
    [
      "POST",
      "/stack-items",
      "type is one of list, time since, top time between, sum, avg, max, min, velocity, streaks, calendar",
      () => item({ type: "median" }),
    ],
    [
      "POST",
      "/stack-items",
      "timeRange is one of today, 24h, week, month",
      () => item({ config: { filter: [{ name: "a" }], timeRange: "year" } }),
    ],
    ["POST", "/stack-items", "A tag cannot start with '!'", () => item({ config: { filter: [{ name: "!a" }] } })],
    [
      "POST",
      "/stack-items",
      "Date must be an ISO date-time",
      () => item({ config: { filter: [{ name: "a" }], date: "yesterday" } }),
    ],
    [
      "PUT",
      "/stack-items/:item",
      "Date must be between 1900-01-01 and 2199-12-31",
      { config: { filter: [{ name: "a" }], date: "2200-01-01T00:00:00Z" } },
    ],
    ["POST", "/stack-item-data", "Date must be an ISO date-time", { type: "list", config: { filter: [], date: 5 } }],
    ["PUT", "/stack-items/:item", "No update stackitem data presented", { type: "sum" }],
    ["PUT", "/stack-items/:item", "empty tags", { config: { filter: [] } }],
    ["GET", "/stacks/abc", "The id must be a whole number", undefined],
    [
      "POST",
      "/stack-item-data",
      "type is one of list, time since, top time between, sum, avg, max, min, velocity, streaks, calendar",
      { type: "median", config: { filter: [] } },
    ],
    ["POST", "/stack-item-data", "filter must be a list of tags", { type: "list", config: { filter: "coffee" } }],
    ["POST", "/stack-item-data", "A tag cannot start with '!'", { type: "list", config: { filter: [{ name: "!a" }] } }],
    [
      "POST",
      "/stack-item-data",
      "The id must be a whole number",
      { type: "max", config: { filter: [], metricId: "1" } },
    ],
    ["POST", "/stack-item-data?tz=Mars%2FOlympus", "Unknown time zone", { type: "streaks", config: { filter: [] } }],
    // A streak's goal: 1 to 7 days a week, 1 to 31 a month.
    [
      "POST",
      "/stack-items",
      "A weekly goal is at most 7 times",
      () => item({ config: { filter: [{ name: "a" }], goal: { times: 8, per: "week" } } }),
    ],
    [
      "POST",
      "/stack-items",
      "A goal is a whole number of times from 1 to 31",
      () => item({ config: { filter: [{ name: "a" }], goal: { times: 32, per: "month" } } }),
    ],
    [
      "PUT",
      "/stack-items/:item",
      "A goal is a whole number of times from 1 to 31",
      { config: { filter: [{ name: "a" }], goal: { times: 0, per: "week" } } },
    ],
    [
      "PUT",
      "/stack-items/:item",
      "A goal is a whole number of times from 1 to 31",
      { config: { filter: [{ name: "a" }], goal: { times: 2.5, per: "month" } } },
    ],
    [
      "POST",
      "/stack-items",
      "A goal is a number of times per week or per month",
      () => item({ config: { filter: [{ name: "a" }], goal: { times: 3, per: "day" } } }),
    ],
    [
      "POST",
      "/stack-item-data",
      "A goal is a number of times per week or per month",
      { type: "streaks", config: { filter: [], goal: "3 a week" } },
    ],
  ];
  for (const [method, path, message, body] of cases) {
    it(`${method} ${path} → 400 '${message}'`, async () => {
      const before = await stackCounts();
      const stack = await stackCalls.get(ann, stackId);
      const url = path.replace(":stack", String(stackId)).replace(":item", String(itemId));
      const res = await ann.call(method, url, typeof body === "function" ? body() : body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(message);
      expect(await stackCounts()).toEqual(before);
      expect(await stackCalls.get(ann, stackId)).toEqual(stack);
    });
  }

  it("answers 404 for a stack or item that does not exist", async () => {
    expect((await ann.call("GET", "/stacks/99999")).status).toBe(404);
    expect((await ann.call("POST", "/stack-items", item({ stackId: 99999 }))).status).toBe(404);
    expect((await ann.call("DELETE", "/stack-items/99999")).status).toBe(404);
    const unknownMetric = await ann.call("POST", "/stack-item-data", {
      type: "sum",
      config: { filter: [], metricId: 99999 },
    });
    expect(unknownMetric.status).toBe(404);
    expect(await errorOf(unknownMetric)).toBe("Metric not found");
    expect(await stackCounts()).toEqual({ stacks: 1, stack_items: 1 });
  });

  it("leaves stale sleep columns as they are when the metric is not the user's (a 404 writes nothing)", async () => {
    await ann.call("POST", "/entries", { tags: ["down"], date: "2026-01-01T22:00:00.000Z" });
    const stale = () => env.DB.prepare("SELECT since FROM uptime_stale WHERE user_id = ?").bind(ann.id).first();
    const before = await stale();
    expect(before).not.toBeNull();
    const res = await ann.call("POST", "/stack-item-data", {
      type: "avg",
      uptimeOnly: true,
      config: { filter: [], metricId: 99999 },
    });
    expect(res.status).toBe(404);
    expect(await stale()).toEqual(before);
    const found = await ann.call("POST", "/stack-item-data", { type: "avg", uptimeOnly: true, config: { filter: [] } });
    expect(found.status).toBe(200);
    expect(await stale()).toBeNull();
  });
});
