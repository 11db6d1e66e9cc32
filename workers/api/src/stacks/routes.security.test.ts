import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { stackCalls, type User } from "./test-calls.ts";

// Another user's stacks and items: 404 and nothing changed (the route-walking suite in src/test/ covers 401s).
let ann: User;
let bob: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

describe("one user never reaches another's stacks", () => {
  it("answers 404 for every stack and item id of another user, changing nothing", async () => {
    const stack = await stackCalls.create(ann, "Private", "🔒");
    const item = await stackCalls.addItem(ann, {
      stackId: stack.id,
      title: "secret",
      type: "list",
      config: { filter: [{ name: "secret" }] },
    });
    const before = await dumpDb();
    const tries: [string, string, unknown?][] = [
      ["GET", `/stacks/${stack.id}`],
      ["PUT", `/stacks/${stack.id}`, { name: "mine" }],
      ["DELETE", `/stacks/${stack.id}`],
      ["POST", "/stack-items", { stackId: stack.id, title: "x", type: "list", config: { filter: [{ name: "x" }] } }],
      ["PUT", `/stack-items/${item.id}`, { title: "mine" }],
      ["DELETE", `/stack-items/${item.id}`],
    ];
    for (const [method, path, body] of tries)
      expect((await bob.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    expect(await dumpDb()).toEqual(before);
    expect(await (await bob.call("GET", "/stacks")).json()).toEqual([]);
    expect(await stackCalls.get(ann, stack.id)).toMatchObject({ name: "Private", items: [{ id: item.id }] });
  });

  it("computes statistics over one's own entries only", async () => {
    await ann.call("POST", "/entries", { text: "ann's", tags: ["shared"], metrics: [{ name: "mood", value: 5 }] });
    await bob.call("POST", "/entries", { text: "bob's", tags: ["shared"], metrics: [{ name: "mood", value: 1 }] });
    const ask = async (user: User, type: string) =>
      (await user.call("POST", "/stack-item-data", { type, config: { filter: [{ name: "shared" }] } })).json();
    expect(await ask(bob, "list")).toMatchObject({ entries: [{ text: "bob's" }] });
    expect(await ask(bob, "sum")).toEqual({ value: 1, count: 1, metric: null });
    const { counts } = (await ask(bob, "calendar")) as { counts: Record<string, number> };
    expect(Object.values(counts)).toEqual([1]);
  });

  it("resolves filter tag ids among one's own tags only", async () => {
    await ann.call("POST", "/entries", { text: "x", tags: ["shared"] });
    const bobStack = await stackCalls.create(bob, "Bob's");
    const bobItem = await stackCalls.addItem(bob, {
      stackId: bobStack.id,
      title: "t",
      type: "list",
      config: { filter: [{ name: "shared" }] },
    });
    expect(bobItem.config.filter[0]?.id).toBeNull();
  });
});
