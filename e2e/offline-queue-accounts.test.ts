import { describe, expect, it } from "vitest";
import { addSession, createAccount, newContext, siteUrl } from "./browser.ts";
import {
  entries,
  serverEntries,
  switchAccount,
  tokenOf,
  useOfflineQueue,
  waiting,
  write,
} from "./offline-queue-fixtures.ts";
import { workerReady } from "./service-workers.ts";

const { browser, signedIn } = useOfflineQueue();

describe("the offline queue", () => {
  it("sends a waiting entry only as the person who wrote it: another account signed in on the browser neither sees nor sends it", async () => {
    const { account, context, page } = await signedIn();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    await context.setOffline(true);
    await write(page, "Mine, written offline");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await page.close();

    // Another person signs in on the same browser, and the network is back.
    const other = await createAccount("Other");
    const next = await context.newPage();
    await addSession(next, other);
    await context.setOffline(false);
    await next.goto(siteUrl("journal", "/#new-entry"));
    await next.getByText("No entries found.").waitFor();
    // Their own entry goes, and the first person's stays kept, unseen and unsent.
    await write(next, "The other's own");
    await expect.poll(() => entries(next).count()).toBe(1);
    expect(await waiting(next).count()).toBe(0);
    expect((await serverEntries(other.token)).map((e) => e.text)).toEqual(["The other's own"]);
    expect(await serverEntries(account.token)).toEqual([]);

    // The first person back: their entry is sent, once, as theirs.
    await addSession(next, account);
    await next.reload();
    await expect.poll(() => entries(next).count()).toBe(1);
    expect((await serverEntries(account.token)).map((e) => e.text)).toEqual(["Mine, written offline"]);
    expect((await serverEntries(other.token)).map((e) => e.text)).toEqual(["The other's own"]);
    await context.close();
  });

  it("a shared browser: what Alice left waiting and half typed is neither shown nor sent as Bob's, and reaches her journal when she is back", async () => {
    const alice = await createAccount("Alice");
    const bob = await createAccount("Bob");
    // The checks' own sessions: the browser's first ones end at its Logouts.
    const look = { alice: await tokenOf(alice), bob: await tokenOf(bob) };
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    let page = await context.newPage();
    await addSession(page, alice);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByText("No entries found.").waitFor();
    await workerReady(page);

    // Alice, offline: one entry kept waiting, a second one half typed.
    await context.setOffline(true);
    await write(page, "Alice private");
    await expect.poll(() => waiting(page).count()).toBe(1);
    await page.getByLabel("Text").fill("Alice, half typed");
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).join())).toContain("Alice, half typed");
    // The journal closed before the network is back (else its queue would send her entry, as hers, at once).
    await page.close();

    // Back online, she signs out on the auth site; Bob signs in there.
    page = await context.newPage();
    await context.setOffline(false);
    await switchAccount(page, bob, "1 change made in this browser has not reached Nook yet");

    // Bob opens the journal with no network: his own, empty journal, nothing of Alice's.
    await context.setOffline(true);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByTestId("offline-banner").waitFor();
    await page.getByLabel("Text").waitFor();
    expect(await page.getByLabel("Text").inputValue()).toBe("");
    expect(await waiting(page).count()).toBe(0);
    expect(await page.getByText("Alice private").count()).toBe(0);
    // What Bob writes offline waits as his.
    await write(page, "Bob, offline");
    await expect.poll(() => waiting(page).count()).toBe(1);

    // The network back: Bob's entry goes to Bob; Alice's stays kept, unsent.
    await context.setOffline(false);
    await expect.poll(() => entries(page).count()).toBe(1);
    expect(await waiting(page).count()).toBe(0);
    expect((await serverEntries(look.bob)).map((e) => e.text)).toEqual(["Bob, offline"]);
    expect(await serverEntries(look.alice)).toEqual([]);

    // Alice signs in again: her waiting entry reaches her journal, once, and her half-typed text is back.
    await switchAccount(page, alice);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await expect.poll(() => entries(page).allTextContents()).toEqual([expect.stringContaining("Alice private")]);
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("Alice, half typed");
    expect((await serverEntries(look.alice)).map((e) => e.text)).toEqual(["Alice private"]);
    expect((await serverEntries(look.bob)).map((e) => e.text)).toEqual(["Bob, offline"]);
    await context.close();
  });
});
