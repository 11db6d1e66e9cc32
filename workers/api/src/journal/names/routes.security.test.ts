import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, ORIGIN, resetDb, signedInUser } from "../../test/helpers.ts";
import { typedCalls, type User } from "../test-calls.ts";

// Tags and metrics managed: another user's ids are 404 with nothing changed, even onto a
// name both users have; the lists hold one's own only; no session is 401. (The route walk in
// src/test/security.test.ts covers these routes too.)
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

describe("one user never reaches another's tags or metrics", () => {
  it("answers 404 to Bob for Ann's tag and metric, whatever he sends, and changes nothing", async () => {
    const annEntry = await typedCalls.add(ann, { tags: ["secret", "@ada"], metrics: [{ name: "km", value: 1 }] });
    await typedCalls.add(bob, { tags: ["mine"], metrics: [{ name: "miles", value: 1 }] });
    const [tag, metric] = [annEntry.tags[0]?.id ?? 0, annEntry.metrics[0]?.id ?? 0];
    const before = await dumpDb();
    for (const [method, path, body] of [
      ["PUT", `/tags/${tag}`, { name: "mine", merge: true }],
      ["PUT", `/tags/${tag}`, { name: "renamed" }],
      ["DELETE", `/tags/${tag}`, undefined],
      ["PUT", `/metrics/${metric}`, { name: "miles", merge: true }],
      ["PUT", `/metrics/${metric}`, { name: "renamed" }],
      ["DELETE", `/metrics/${metric}`, undefined],
    ] as const) {
      const res = await bob.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await dumpDb()).toEqual(before);
    const bobTags = await (await bob.call("GET", "/tags-in-use")).json<{ name: string }[]>();
    expect(bobTags.map((t) => t.name)).toEqual(["mine"]);
    const bobMetrics = await (await bob.call("GET", "/metrics-in-use")).json<{ name: string }[]>();
    expect(bobMetrics.map((m) => m.name)).toEqual(["miles"]);
  });

  it("does not merge Ann's tag into Bob's even when Ann merges onto a name Bob has", async () => {
    const a = await typedCalls.add(ann, { tags: ["run"] });
    await typedCalls.add(ann, { tags: ["jog"] });
    await typedCalls.add(bob, { tags: ["jog"] });
    const res = await ann.call("PUT", `/tags/${a.tags[0]?.id}`, { name: "jog", merge: true });
    expect(res.status).toBe(200);
    expect((await (await bob.call("GET", "/tags-in-use")).json<{ entries: number }[]>())[0]?.entries).toBe(1);
    expect((await (await ann.call("GET", "/tags-in-use")).json<{ entries: number }[]>())[0]?.entries).toBe(2);
  });

  it("answers 401 without a session, and writes nothing", async () => {
    const entry = await typedCalls.add(ann, { tags: ["x"], metrics: [{ name: "km", value: 1 }] });
    const before = await dumpDb();
    for (const [method, path] of [
      ["GET", "/tags-in-use"],
      ["GET", "/metrics-in-use"],
      ["PUT", `/tags/${entry.tags[0]?.id}`],
      ["DELETE", `/tags/${entry.tags[0]?.id}`],
      ["PUT", `/metrics/${entry.metrics[0]?.id}`],
      ["DELETE", `/metrics/${entry.metrics[0]?.id}`],
    ]) {
      const res = await SELF.fetch(`${ORIGIN}/api/journal${path}`, {
        method,
        headers: { Origin: ORIGIN, "Content-Type": "application/json" },
        body: method === "PUT" ? JSON.stringify({ name: "y", merge: true }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await dumpDb()).toEqual(before);
  });
});
