import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { tableCounts, typedCalls, type User } from "./test-calls.ts";

// The journal's security cases (the route-walking suite in src/test/ covers every route too):
// another user's ids are 404 with nothing changed, lists hold only one's own, no session is 401.
let ann: User;
let bob: User;

beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
});

const { add, list } = typedCalls;

describe("entries: one user never reaches another's", () => {
  it("answers 404 for another user's entry and changes nothing", async () => {
    const entry = await add(ann, {
      text: "private",
      tags: ["secret", "@friend"],
      metrics: [{ name: "mood", value: 5 }],
    });
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
    expect(await (await bob.call("GET", "/tags-for-people-sorted")).json()).toEqual([]);
    expect(await (await bob.call("GET", "/metrics")).json()).toEqual([]);
    expect(
      await (
        await bob.call("POST", "/entries-by-config", { config: { filter: [{ name: "secret", not: false }] } })
      ).json(),
    ).toEqual([]);
  });

  it("filters by config within one's own entries only, even for a tag both users have", async () => {
    const annEntry = await add(ann, { text: "ann's", tags: ["secret"] });
    const bobEntry = await add(bob, { text: "bob's", tags: ["secret"] });
    const by = async (body: unknown) =>
      (await (await bob.call("POST", "/entries-by-config", body)).json<{ id: number }[]>()).map((e) => e.id);
    // Bob's own "secret" tag is found, and Ann's entry still stays out.
    expect(await by({ config: { filter: [{ name: "secret" }] }, tagsSign: "||" })).toEqual([bobEntry.id]);
    // Only a negation: every entry passes the filter, so only the user scoping keeps Ann's out.
    expect(await by({ config: { filter: [{ name: "nothing", not: true }] } })).toEqual([bobEntry.id]);
    expect(await by({ config: { filter: [] } })).toEqual([bobEntry.id]);
    expect((await by({ config: { filter: [] } })).includes(annEntry.id)).toBe(false);
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
