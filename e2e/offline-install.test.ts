import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { type BrowserContext, type CDPSession, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { localFetch } from "../scripts/local-fetch.ts";
import { chromePath, newContext, siteUrl, useBrowser } from "./browser.ts";
import { watchContext } from "./ledger.ts";
import { workerReady } from "./service-workers.ts";

const browser = useBrowser();

describe("installable sites that open offline", () => {
  it("every site links a manifest in the reader's language, with its icons, standalone", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    for (const site of SITES) {
      const html = (await localFetch(siteUrl(site, "/"))).text();
      const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
      expect(href).toBe("/manifest.en.webmanifest");
      const manifest = (await localFetch(siteUrl(site, href!))).json<{
        name: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose: string }[];
      }>();
      expect(manifest.display).toBe("standalone");
      expect(manifest.start_url).toBe("/");
      expect(manifest.name).toBe(site === "root" ? "Nook" : `Nook · ${site}`);
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        "192x192 any",
        "512x512 any",
        "512x512 maskable",
        "any any",
      ]);
      for (const icon of manifest.icons) {
        expect((await localFetch(siteUrl(site, icon.src))).status, `${site} ${icon.src}`).toBe(200);
      }
    }
    // In Russian the manifest is the Russian one, named in Russian.
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/", sameSite: "Lax" }]);
    await page.goto(siteUrl("kids", "/"));
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.ru.webmanifest");
    const ru = (await localFetch(siteUrl("kids", "/manifest.ru.webmanifest"))).json<{ name: string }>();
    expect(ru.name).toBe("Nook · детям");
    // The journal's, too.
    expect((await localFetch(siteUrl("journal", "/manifest.ru.webmanifest"))).json<{ name: string }>().name).toBe(
      "Nook · журнал",
    );
    await context.close();
  });

  describe("Chromium finds every site installable: no installability error, a manifest without errors", () => {
    // A profile of its own: Chromium installs nothing from an incognito context, which every other test uses.
    // One full browser for every site's test, launched once.
    let dir: string;
    let context: BrowserContext;
    let page: Page;
    let cdp: CDPSession;
    beforeAll(async () => {
      dir = mkdtempSync(`${tmpdir()}/nook-install-`);
      context = await chromium.launchPersistentContext(dir, {
        executablePath: chromePath(),
        headless: true,
        args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
      });
      watchContext(context);
      page = await context.newPage();
      cdp = await context.newCDPSession(page);
    });
    afterAll(async () => {
      await context?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    for (const site of SITES)
      it(`Chromium finds ${site} installable: no installability error, a manifest without errors`, async () => {
        // A signed-out page of each site: the launcher, a sign-in, or a site's own signed-out screen.
        await page.goto(siteUrl(site, "/"));
        await page.locator("main").waitFor();
        await workerReady(page);
        const manifest = await cdp.send("Page.getAppManifest");
        expect(manifest.errors, site).toEqual([]);
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        expect(installabilityErrors, site).toEqual([]);
      });
  });
});
