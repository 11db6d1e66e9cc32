import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SITES, type SiteName } from "../packages/shared/src/common/sites.ts";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { serverEntries, tokenOf, waiting, write } from "./offline-queue-fixtures.ts";
import { workerReady } from "./service-workers.ts";

// Signing out leaves nothing of the account to read in the browser: after the Logout and one visit of each
// site (which clears before it renders or redirects), every site's IndexedDB and Cache Storage hold nothing of
// the account but its waiting writes, kept unseen for its next sign-in.
const browser = useBrowser();

interface Kept {
  /** Every IndexedDB database of the origin, with the number of records in each of its stores. */
  databases: Record<string, Record<string, number>>;
  /** The queue's kept writes: their state, author and tries. */
  queue: { state: string; user?: number; tries: number }[];
  /** Every Cache Storage entry's path. */
  cached: string[];
  /** This origin's localStorage keys. */
  stored: string[];
}

/** What the page's origin keeps: read on a page of its own that runs none of the site's script (its /api). */
async function keptBy(page: Page, site: SiteName): Promise<Kept> {
  await page.goto(siteUrl(site, "/api/health"));
  return keptHere(page);
}

/** What the origin of the page keeps, read where the page is. */
function keptHere(page: Page): Promise<Kept> {
  return page.evaluate(async () => {
    const databases: Record<string, Record<string, number>> = {};
    let queue: { state: string; user?: number; tries: number }[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores: Record<string, number> = {};
      for (const store of db.objectStoreNames) {
        const all = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
        });
        stores[store] = all.length;
        if (name === "nook-queue") queue = all as typeof queue;
      }
      db.close();
      databases[name] = stores;
    }
    const cached: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) cached.push(new URL(request.url).pathname);
    return { databases, queue, cached, stored: Object.keys(localStorage) };
  });
}

/**
 * Writes an entry on the journal `page` with no network, so it waits in the queue; the tab is closed before
 * the network is back (else it would send it at once), and a new one of the browser returned.
 */
async function leftWaiting(page: Page, text: string): Promise<Page> {
  const context = page.context();
  await context.setOffline(true);
  await write(page, text);
  await expect.poll(() => waiting(page).count()).toBe(1);
  // Its first try over (it shows as waiting from the moment it is kept, before that try's end).
  await expect
    .poll(async () => (await keptHere(page)).queue.map((w) => [w.state, w.tries > 0]))
    .toEqual([["waiting", true]]);
  await page.close();
  const next = await context.newPage();
  await context.setOffline(false);
  return next;
}

/**
 * Opens a site signed out and waits until it has settled: its page shown, or the login page it sent the
 * reader on to shown (a signed-in-only page shows its guard's "waiting" until it moves on).
 */
async function visitSignedOut(page: Page, site: SiteName) {
  // The page before may still be moving on (the profile's Logout and its guard both go to the login): this
  // visit is made again once that move is over.
  for (;;) {
    const went = await page.goto(siteUrl(site, "/"), { waitUntil: "commit" }).then(
      () => true,
      (err: unknown) => {
        // Chromium says it either way: "interrupted by another navigation", or net::ERR_ABORTED.
        if (/interrupted by another navigation|net::ERR_ABORTED/.test(String(err))) return false;
        throw err;
      },
    );
    if (went) break;
  }
  await expect
    .poll(() =>
      page
        .evaluate(() =>
          location.pathname === "/login"
            ? document.querySelector("form") !== null
            : document.querySelector("main") !== null && document.querySelector(".waiting") === null,
        )
        .catch(() => false),
    )
    .toBe(true);
}

describe("sign-out", () => {
  it("after a Logout and one visit, no site keeps anything of the account but its waiting writes", async () => {
    const account = await createAccount("Leaving");
    const id = Number(JSON.parse(Buffer.from(account.token.split(".")[1]!, "base64url").toString()).sub);
    await callApi(account.token, "POST", "/api/journal/entries", { text: "My diary" });
    await callApi(account.token, "POST", "/api/people", {
      name: "Grace Hopper",
      email: "grace@navy.mil",
      birthDate: "1906-12-09",
    });
    await callApi(account.token, "POST", "/api/steps", { name: "Packing list" });
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    let page = await context.newPage();
    await addSession(page, account);

    // The account's sites, seen: each keeps its copies (and its service worker its files).
    const seen: [SiteName, string][] = [
      ["people", "Grace Hopper"],
      ["steps", "Packing list"],
      ["journal", "My diary"],
    ];
    for (const [site, text] of seen) {
      await page.goto(siteUrl(site, "/"));
      await page.getByText(text).first().waitFor();
    }
    await workerReady(page);
    // One entry written with no network waits in the journal's queue.
    page = await leftWaiting(page, "Written in the tunnel");
    const before = await keptBy(page, "journal");
    expect(before.databases["nook-copies"]?.copies).toBeGreaterThan(0);

    // The Logout says what waits, and keeps it.
    await page.goto(siteUrl("auth", "/profile"));
    await page.getByRole("button", { name: "Logout" }).click();
    await expect
      .poll(() => page.getByTestId("waiting-writes").textContent())
      .toContain("1 change made in this browser has not reached Nook yet");
    await page.getByTestId("waiting-writes").getByText("journal: 1 waiting").waitFor();
    await page.getByRole("button", { name: "Sign out, keep them" }).click();
    await page.waitForURL(siteUrl("auth", "/login"));
    expect((await context.cookies()).map((c) => c.name)).not.toContain("nook_account");

    // One visit of each site, signed out: it clears before it shows anything or sends the reader on.
    for (const site of SITES) await visitSignedOut(page, site);
    for (const site of SITES) {
      const kept = await keptBy(page, site);
      // No copy of anyone's answers, no remembered user, and the service worker's files only.
      expect(kept.databases["nook-copies"]?.copies ?? 0, site).toBe(0);
      expect(
        kept.stored.filter((k) => k.startsWith("nook-last-user")),
        site,
      ).toEqual([]);
      expect(
        kept.cached.filter((path) => path.startsWith("/api")),
        site,
      ).toEqual([]);
      // The waiting write, kept for its author, and nothing else of the queue's.
      expect(kept.queue, site).toEqual(
        site === "journal" ? [expect.objectContaining({ state: "waiting", user: id })] : [],
      );
      const others = Object.keys(kept.databases).filter((name) => !["nook-copies", "nook-queue"].includes(name));
      // Workbox's own bookkeeping of its precache (file names and times), nothing of the account.
      expect(
        others.every((name) => name.startsWith("workbox")),
        `${site}: ${others.join()}`,
      ).toBe(true);
    }

    // Back again: the kept entry goes, as hers. Then one more waits, and this time the Logout discards it.
    await addSession(page, { token: await tokenOf(account) });
    await page.goto(siteUrl("journal", "/"));
    await page.getByText("Written in the tunnel").first().waitFor();
    await expect.poll(async () => (await keptHere(page)).queue).toEqual([]);
    page = await leftWaiting(page, "Not for sending");
    await page.goto(siteUrl("auth", "/profile"));
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("button", { name: "Discard them and sign out" }).click();
    await page.waitForURL(siteUrl("auth", "/login"));
    // The journal drops it at its next start, unsent.
    await visitSignedOut(page, "journal");
    expect((await keptBy(page, "journal")).queue).toEqual([]);
    expect((await serverEntries(await tokenOf(account))).map((e) => e.text).sort()).toEqual([
      "My diary",
      "Written in the tunnel",
    ]);
    await context.close();
  });
});
