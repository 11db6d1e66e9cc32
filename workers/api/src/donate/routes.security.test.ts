import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, resetDb, signedInUser } from "../test/helpers.ts";
import { addDonation, PAGE } from "./test-calls.ts";

// Another user's page and donations: unseen and untouched (the route-walking suite in src/test/ covers 401s).
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
let bob: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
  bob = await signedInUser("Bob");
  await ann.api.donate.info.$put({ json: PAGE });
  await addDonation(ann.id);
});

describe("one user never reaches another's donation page", () => {
  it("sees neither Ann's info nor her donations, and cannot delete them", async () => {
    const before = await dumpDb();
    expect(await (await bob.api.donate.info.$get()).json()).toBeNull();
    expect(await (await bob.api.donate.donations.$get({ query: {} })).json()).toEqual({ donations: [], next: null });
    expect((await bob.api.donate.info.$delete()).status).toBe(404);
    expect(await dumpDb()).toEqual(before);
  });

  it("writes only his own page when he saves one", async () => {
    await bob.api.donate.info.$put({ json: { ...PAGE, donatePageTitle: "Bob's" } });
    expect(await (await ann.api.donate.info.$get()).json()).toEqual({ ...PAGE, modifiedAt: expect.any(String) });
    const owners = await env.DB.prepare("SELECT user_id, title FROM donate_info ORDER BY user_id").all();
    expect(owners.results).toEqual([
      { user_id: ann.id, title: PAGE.donatePageTitle },
      { user_id: bob.id, title: "Bob's" },
    ]);
  });
});
