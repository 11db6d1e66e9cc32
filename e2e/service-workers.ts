/** The sites' service workers as the e2e tests see them: registered, active, answering a page. */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import type { SiteName } from "../packages/shared/src/common/sites.ts";
import { addSession, createAccount, newContext, siteUrl } from "./browser.ts";

/** Resolves once the page's service worker is active (its files precached: Workbox installs only then). */
export const workerReady = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });

/** Whether a service worker answers this page's requests. */
export const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** A page on `site` in a context that lets the sites' service workers register, signed in as a fresh account. */
export async function visit(
  browser: Browser,
  site: SiteName,
  path = "/",
): Promise<{ context: BrowserContext; page: Page }> {
  const account = await createAccount("Offline");
  const context = await newContext(browser, { serviceWorkers: "allow" });
  const page = await context.newPage();
  await addSession(page, account);
  await page.goto(siteUrl(site, path));
  await page.locator("main").waitFor();
  expect(await workerReady(page)).toBe(siteUrl(site, "/sw.js"));
  return { context, page };
}
