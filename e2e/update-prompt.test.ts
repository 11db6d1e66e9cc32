/**
 * The update prompt. This file runs alone, after every other (its own project, a later group in
 * vitest.config.ts): it changes a served file, and the local server restarts its Workers when one changes,
 * cutting off whatever another file has in flight.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { SiteName } from "../packages/shared/src/common/sites.ts";
import { repo } from "../scripts/wrangler.ts";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** Resolves once the page's service worker is active (its files precached: Workbox installs only then). */
const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });

/** Whether a service worker answers this page's requests. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** A page on `site` in a context that lets the sites' service workers register, signed in as a fresh account. */
async function visit(site: SiteName, path = "/"): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount("Offline");
  const context = await newContext(browser(), { serviceWorkers: "allow" });
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl(site, path));
  await page.locator("main").waitFor();
  expect(await workerReady(page)).toBe(siteUrl(site, "/sw.js"));
  return { context, page };
}

describe("a site's new version", () => {
  it("a new version announces itself, and Reload moves the page to it", async () => {
    const { context, page } = await visit("kids");
    await page.reload();
    await expect.poll(() => controlled(page)).toBe(true);
    const file = `${repo}dist/sites/kids/sw.js`;
    const original = readFileSync(file, "utf8");
    try {
      writeFileSync(file, `${original}\n// a new version\n`);
      // The page asks for a new version when its tab is shown again; asked here directly, until the local
      // server (which reloads when its files change) serves the new file and the new worker is installed.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              await registration?.update().catch(() => {});
              return registration?.waiting !== null;
            }),
          { timeout: 20_000, interval: 500 },
        )
        .toBe(true);
      const prompt = page.getByTestId("update-prompt");
      await expect.poll(() => prompt.textContent()).toContain("A new version is ready — reload");
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
        true,
      );
      await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
      await page.locator("main").waitFor();
      // The new worker is the active one and nothing waits any more; no prompt on the new page.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null))
        .toBeNull();
      expect(await controlled(page)).toBe(true);
      expect(await prompt.count()).toBe(0);
    } finally {
      writeFileSync(file, original);
    }
    await context.close();
  });
});
