import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl } from "./browser.ts";
import { keptCopyKeys } from "./kept-copies.ts";
import { entries, serverEntries, switchAccount, tokenOf, useOfflineQueue } from "./offline-queue-fixtures.ts";
import { workerReady } from "./service-workers.ts";

// A family's laptop: two tabs of one browser, and a sign-in as someone else in the other one. The tab left
// open as Alice notices as soon as it is touched (focused, shown, or before it writes), and opens again as
// Bob: nothing of Alice's is shown to him or written as his, and her things are back when she is.
const { browser } = useOfflineQueue();

const profileName = (page: Page) => page.getByTestId("profile-link").getAttribute("aria-label");

/** The accounts whose saved copies the page's site keeps. */
const copiesOf = async (page: Page) => new Set((await keptCopyKeys(page)).map((k) => k.split("\u0000")[1]));

const idOf = (account: { token: string }) =>
  (JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

describe("a shared browser: one person at a time in every tab", () => {
  it("the journal: Alice's half-typed entry is not Bob's, her offline copy holds nothing of his, and both are back with her", async () => {
    const alice = await createAccount("Alice");
    const bob = await createAccount("Bob");
    const look = { alice: await tokenOf(alice), bob: await tokenOf(bob) };
    await callApi(alice.token, "POST", "/api/journal/entries", { text: "Alice's own" });
    await callApi(bob.token, "POST", "/api/journal/entries", { text: "Bob's private" });
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    const tab = await context.newPage();
    await addSession(tab, alice);
    await tab.goto(siteUrl("journal", "/#new-entry"));
    await entries(tab).getByText("Alice's own").waitFor();
    await workerReady(tab);
    await tab.getByLabel("Text").fill("Alice, half typed");

    // Bob signs in on the auth site in another tab.
    const other = await context.newPage();
    await switchAccount(other, bob);

    // Back in Alice's tab, one press of Add: the tab opens again as Bob, with his journal and an empty form.
    await tab.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Bob");
    await entries(tab).getByText("Bob's private").waitFor();
    expect(await tab.getByLabel("Text").inputValue()).toBe("");
    expect(await tab.getByText("Alice's own").count()).toBe(0);
    // Nothing written on the wrong account; her words wait in this browser as her draft.
    expect((await serverEntries(look.bob)).map((e) => e.text)).toEqual(["Bob's private"]);
    expect((await serverEntries(look.alice)).map((e) => e.text)).toEqual(["Alice's own"]);
    expect(await tab.evaluate((id) => localStorage.getItem(`journal-new-entry@${id}`), idOf(alice))).toContain(
      "Alice, half typed",
    );
    // This site keeps copies of Bob's answers now, and none of Alice's.
    await expect.poll(async () => (await copiesOf(tab)).size).toBeGreaterThan(0);
    expect(await copiesOf(tab)).toEqual(new Set([idOf(bob)]));

    // Alice signs in again in the other tab (her first session ended at the Logout); her tab, focused, is hers
    // again: her words and her entries.
    await addSession(other, { token: await tokenOf(alice) });
    await tab.getByLabel("Text").click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Alice");
    await expect.poll(() => tab.getByLabel("Text").inputValue()).toBe("Alice, half typed");
    await entries(tab).getByText("Alice's own").waitFor();
    await expect.poll(async () => (await copiesOf(tab)).size).toBeGreaterThan(0);
    expect(await copiesOf(tab)).toEqual(new Set([idOf(alice)]));

    // With no network, her journal is her saved copy: nothing of Bob's.
    await context.setOffline(true);
    await tab.reload();
    await tab.getByTestId("saved-copy").waitFor();
    await entries(tab).getByText("Alice's own").waitFor();
    expect(await tab.getByText("Bob's private").count()).toBe(0);
    await context.close();
  });

  it("the timer and the runner stay with their owner: a Stop in a tab that became Bob's writes nothing of Alice's as his", async () => {
    const alice = await createAccount("Alice");
    const bob = await createAccount("Bob");
    const context = await newContext(browser(), { width: 800 });
    const journal = siteUrl("journal", "").replace(/\/$/, "");
    await context.grantPermissions(["geolocation"], { origin: journal });
    await context.setGeolocation({ latitude: 55.75, longitude: 37.62, accuracy: 5 });
    const tab = await context.newPage();
    const other = await context.newPage();
    await addSession(tab, alice);
    const state = tab.getByTestId("timer-state");
    const message = tab.getByRole("textbox", { name: "Message" });
    await tab.goto(siteUrl("journal", "/tools/timer"));
    await state.getByText("Ready").waitFor();

    // Alice's timer, whose start the network dropped: it runs in this browser only.
    const dropStart = (route: Route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback();
    await tab.route("**/api/journal/timer", dropStart);
    await tab.getByRole("button", { name: "Start", exact: true }).click();
    await state.getByText("Running").waitFor();
    await message.fill("Alice's tea");
    await tab.unroute("**/api/journal/timer", dropStart);
    // Bob signs in in the other tab.
    await addSession(other, bob);

    // One press of Stop in Alice's tab: it opens as Bob's, his timer ready, and nothing is saved on his account.
    await tab.getByRole("button", { name: "Stop", exact: true }).click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Bob");
    await state.getByText("Ready").waitFor();
    expect(await message.inputValue()).toBe("");
    expect(await callApi(bob.token, "GET", "/api/journal/timer")).toBeNull();
    expect(await serverEntries(bob.token)).toEqual([]);

    // Alice again: her timer is back in her tab, and once the page is hers it reaches her account.
    await addSession(other, alice);
    await message.click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Alice");
    await expect.poll(() => message.inputValue()).toBe("Alice's tea");
    await expect
      .poll(async () => ((await callApi(alice.token, "GET", "/api/journal/timer")) as { text: string } | null)?.text)
      .toBe("Alice's tea");
    expect(await callApi(bob.token, "GET", "/api/journal/timer")).toBeNull();

    // Her run in progress (200 m due north), then Bob's sign-in elsewhere, then a press of Stop.
    await tab.goto(siteUrl("journal", "/tools/runner"));
    const live = tab.getByRole("region", { name: "Current run" });
    await live.getByRole("button", { name: "Start" }).click();
    await tab.locator('.runner-live[data-points="1"]').waitFor();
    await context.setGeolocation({ latitude: 55.75 + (4 * 50 * 180) / (Math.PI * 6_371_000), longitude: 37.62 });
    await tab.locator('.runner-live[data-points="2"]').waitFor();
    await addSession(other, bob);
    await live.getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Bob");
    await tab.getByText("No saved runs yet.").waitFor();
    await expect.poll(() => tab.getByTestId("run-distance").textContent()).toBe("0 m");

    // Alice back: her run, paused where it was.
    await addSession(other, alice);
    await tab.getByText("No saved runs yet.").click();
    await expect.poll(() => profileName(tab)).toBe("Profile: Alice");
    await expect.poll(() => tab.getByTestId("run-distance").textContent()).toBe("200 m");
    await live.getByText("This run was interrupted by a reload and is paused").waitFor();
    expect(await serverEntries(bob.token)).toEqual([]);
    await context.close();
  });
});
