import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { count, errorOf, ORIGIN, resetDb, signedInUser } from "../test/helpers.ts";
import { addDonation, BTC_LEGACY, donateCall, ETH, PAGE } from "./test-calls.ts";

type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User;
beforeEach(async () => {
  await resetDb();
  ann = await signedInUser("Ann");
});

describe("the donation info", () => {
  it("is not there at first: null, a normal state (no error in the console), and a delete is 404 with words", async () => {
    const res = await ann.api.donate.info.$get();
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    const del = await ann.api.donate.info.$delete();
    expect(del.status).toBe(404);
    expect(await errorOf(del)).toBe("No donation information yet");
  });

  it("is created, read, replaced and deleted", async () => {
    const put = await ann.api.donate.info.$put({ json: PAGE });
    expect(put.status).toBe(200);
    const versioned = { ...PAGE, modifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) };
    expect(await put.json()).toEqual(versioned);
    expect(await (await ann.api.donate.info.$get()).json()).toEqual(versioned);
    // Polling watches both addresses.
    expect(await count("donation_sources", "user_id = ?", ann.id)).toBe(2);

    const update = {
      donatePageTitle: "  Thank you  ",
      ethAddress: "",
      btcAddress: BTC_LEGACY,
      paypalDonateButtonId: "",
    };
    await ann.api.donate.info.$put({ json: update });
    expect(await (await ann.api.donate.info.$get()).json()).toEqual({
      ...update,
      donatePageTitle: "Thank you",
      modifiedAt: expect.any(String),
    });
    // The ETH address is gone: no longer polled; the BTC one changed: polled afresh.
    const sources = await env.DB.prepare("SELECT chain, address, cursor, checked_at FROM donation_sources").all();
    expect(sources.results).toEqual([{ chain: "btc", address: BTC_LEGACY, cursor: null, checked_at: 0 }]);

    const del = await ann.api.donate.info.$delete();
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual({ message: "Donation information deleted" });
    expect(await (await ann.api.donate.info.$get()).json()).toBeNull();
    expect(await count("donation_sources")).toBe(0);
    expect((await ann.api.donate.info.$delete()).status).toBe(404);
  });

  it("keeps a source's cursor when the page is saved with the same address", async () => {
    await ann.api.donate.info.$put({ json: PAGE });
    await env.DB.prepare("UPDATE donation_sources SET cursor = 'walk', checked_at = 5 WHERE chain = 'eth'").run();
    await ann.api.donate.info.$put({ json: { ...PAGE, donatePageTitle: "Renamed" } });
    const eth = await env.DB.prepare("SELECT cursor, checked_at FROM donation_sources WHERE chain = 'eth'").first();
    expect(eth).toEqual({ cursor: "walk", checked_at: 5 });
    expect(ETH).toBe(PAGE.ethAddress);
  });
});

describe("received donations", () => {
  it("lists the user's donations newest first, in pages, with amounts in the smallest unit", async () => {
    const t = Date.UTC(2026, 10, 1);
    await addDonation(ann.id, { chain: "btc", txId: "a".repeat(64), amount: "150000000", from: "sender", at: t });
    await addDonation(ann.id, {
      chain: "eth",
      txId: `0x${"b".repeat(64)}`,
      amount: "250000000000000000",
      from: "sender",
      at: t + 1000,
    });
    await addDonation(ann.id, { chain: "btc", txId: "c".repeat(64), amount: "1000", from: "sender", at: t + 1000 });
    const first = await (await donateCall(ann, "GET", "/donations?limit=2")).json<{
      donations: { txId: string; amount: string; currency: string; at: string; explorerUrl: string }[];
      next: string | null;
    }>();
    expect(first.donations.map((d) => d.txId)).toEqual(["c".repeat(64), `0x${"b".repeat(64)}`]);
    expect(first.donations[1]).toMatchObject({
      amount: "250000000000000000",
      currency: "ETH",
      at: new Date(t + 1000).toISOString(),
      explorerUrl: `https://etherscan.io/tx/0x${"b".repeat(64)}`,
    });
    expect(first.next).not.toBeNull();
    const second = await (await donateCall(ann, "GET", `/donations?limit=2&before=${first.next}`)).json<{
      donations: { txId: string; currency: string }[];
      next: string | null;
    }>();
    expect(second.donations).toMatchObject([{ txId: "a".repeat(64), currency: "BTC" }]);
    expect(second.next).toBeNull();
  });

  it("is an empty list with no donations", async () => {
    expect(await (await donateCall(ann, "GET", "/donations")).json()).toEqual({ donations: [], next: null });
  });
});

describe("the public page", () => {
  it("shows a page's title and ways to pay to anyone, signed out, and nothing else about its owner", async () => {
    await ann.api.donate.info.$put({ json: PAGE });
    const res = await SELF.fetch(`${ORIGIN}/api/donate/public/ann`);
    expect(res.status).toBe(200);
    const body = await res.json<Record<string, unknown>>();
    expect(body).toEqual(PAGE);
    const text = JSON.stringify(body);
    for (const secret of [ann.email, '"id"', "userId", "Europe/Moscow", "password", "dateOfBirth"])
      expect(text).not.toContain(secret);
  });

  it("is found by its username in any case: /u/ANNIE is ann's page (usernames are stored lower-cased)", async () => {
    await ann.api.donate.info.$put({ json: PAGE });
    for (const name of ["ANN", "Ann", "aNn"]) {
      const res = await SELF.fetch(`${ORIGIN}/api/donate/public/${name}`);
      expect(res.status, name).toBe(200);
      expect(await res.json()).toEqual(PAGE);
    }
  });

  it("answers 404 for an unknown user and for a user without a page", async () => {
    for (const name of ["nobody", "ann"]) {
      const res = await SELF.fetch(`${ORIGIN}/api/donate/public/${name}`);
      expect(res.status, name).toBe(404);
      expect(await errorOf(res)).toBe("Donation page not found");
    }
  });
});
