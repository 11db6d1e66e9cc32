import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { ADA, peopleCall } from "./test-calls.ts";

// Another user's people: unseen and untouched (the route-walking suite in src/test/ covers 401s).
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;
let ada: { id: number; tags: { id: number; name: string }[] };
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  ada = await (await peopleCall(ann, "POST", "", ADA)).json();
});

describe("one user never reaches another's people", () => {
  it("lists only his own", async () => {
    await peopleCall(bob, "POST", "", { ...ADA, name: "Bob's Ada" });
    const list = await (await peopleCall(bob, "GET", "")).json<{ name: string }[]>();
    expect(list.map((p) => p.name)).toEqual(["Bob's Ada"]);
  });

  it("gets 404 for Ann's person on PUT and DELETE, and nothing of hers changes", async () => {
    const before = await dumpDb();
    const put = await peopleCall(bob, "PUT", `/${ada.id}`, {
      id: ada.id,
      ...ADA,
      name: "taken",
      tagIdsToRemove: ada.tags.map((t) => t.id),
      tagNamesToAdd: ["bob"],
    });
    expect(put.status).toBe(404);
    expect((await peopleCall(bob, "DELETE", `/${ada.id}`)).status).toBe(404);
    expect(await dumpDb()).toEqual(before);
  });

  it("cannot unlink Ann's tags through his own person, nor link his person to her tags", async () => {
    const mine = await (await peopleCall(bob, "POST", "", { ...ADA, name: "Mine", tags: ["ada"] })).json<{
      id: number;
      tags: { id: number }[];
    }>();
    // Same tag name, his own tag row: the tags are per user.
    expect(mine.tags[0]?.id).not.toBe(ada.tags[0]?.id);
    const res = await peopleCall(bob, "PUT", `/${mine.id}`, {
      id: mine.id,
      ...ADA,
      name: "Mine",
      tagIdsToRemove: ada.tags.map((t) => t.id),
      tagNamesToAdd: [],
    });
    expect(res.status).toBe(200);
    const annsAda = (await (await peopleCall(ann, "GET", "")).json<{ tags: { id: number }[] }[]>())[0];
    expect(annsAda?.tags.map((t) => t.id)).toEqual(ada.tags.map((t) => t.id));
  });
});
