import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { localFetch } from "../scripts/local-fetch.ts";
import { addSession, callApi, chromePath, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";
import { watchContext } from "./ledger.ts";
import { controlled, visit, workerReady } from "./service-workers.ts";

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

  it("Chromium finds every site installable: no installability error, a manifest without errors", async () => {
    // A profile of its own: Chromium installs nothing from an incognito context, which every other test uses.
    const dir = mkdtempSync(`${tmpdir()}/nook-install-`);
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: chromePath(),
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    watchContext(context);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      for (const site of SITES) {
        // A signed-out page of each site: the launcher, a sign-in, or a site's own signed-out screen.
        await page.goto(siteUrl(site, "/"));
        await page.locator("main").waitFor();
        await workerReady(page);
        const manifest = await cdp.send("Page.getAppManifest");
        expect(manifest.errors, site).toEqual([]);
        const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
        expect(installabilityErrors, site).toEqual([]);
      }
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The sites with an account's data open offline in saved-copies.test.ts, with the same checks and their
  // saved copies: one visit and one service worker a site, not two.
  const WITH_COPIES = new Set(["journal", "people", "steps", "calendar", "donate", "auth", "lupileon"]);
  for (const site of SITES.filter((s) => !WITH_COPIES.has(s))) {
    it(`${site}: after one visit it opens with no network, and says it is offline`, async () => {
      const { context, page } = await visit(browser(), site);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId("offline-banner").waitFor();
      expect(await controlled(page)).toBe(true);
      // The site itself renders (its header and its screen), not the browser's error page nor the sign-in.
      await page.locator("header.header").waitFor();
      await page.locator("main > :not(.offline-banner)").first().waitFor();
      expect(new URL(page.url()).host).toBe(new URL(siteUrl(site, "/")).host);
      // Back online, the banner goes.
      await context.setOffline(false);
      await page.getByTestId("offline-banner").waitFor({ state: "detached" });
      await context.close();
    });
  }

  it("the journal's screens render offline as the remembered user, and a call that needs the network says so", async () => {
    const { context, page } = await visit(browser(), "journal");
    await context.setOffline(true);
    await page.goto(siteUrl("journal", "/tags"));
    await page.getByTestId("offline-banner").waitFor();
    await expect
      .poll(() => page.getByTestId("offline-banner").textContent())
      .toContain("New entries, the timer and the runner keep working");
    await page.getByText("Offline — this needs the network").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/tags");
    await context.close();
  });

  it("the runner records, pauses, saves and shows a run with no network", async () => {
    const account = await createAccount("Offline runner");
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    await context.grantPermissions(["geolocation"], { origin: siteUrl("journal", "").replace(/\/$/, "") });
    const start = { latitude: 55.75, longitude: 37.62 };
    await context.setGeolocation({ ...start, accuracy: 5 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/tools/runner"));
    await page.getByText("No saved runs yet.").waitFor();
    await workerReady(page);

    await context.setOffline(true);
    const t0 = Date.UTC(2026, 10, 26, 7, 0, 0);
    await page.clock.install({ time: t0 - 60_000 });
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await page.getByText("No saved runs yet.").waitFor();
    await page.clock.pauseAt(t0);
    const live = page.getByRole("region", { name: "Current run" });
    const points = (n: number) => page.locator(`.runner-live[data-points="${n}"]`).waitFor();
    await live.getByRole("button", { name: "Start" }).click();
    await points(1);
    // 1 km due north (the arc of 1000 m on a sphere of 6,371 km) in 5 minutes, then a pause that counts for nothing.
    await page.clock.runFor(300_000);
    await context.setGeolocation({ latitude: start.latitude + (1000 / 6_371_000) * (180 / Math.PI), longitude: 37.62 });
    await points(2);
    await live.getByRole("button", { name: "Pause" }).click();
    await live.getByText("Paused").waitFor();
    await page.clock.runFor(120_000);
    await expect.poll(() => page.getByTestId("run-time").textContent()).toBe("00:05:00");
    await expect.poll(() => page.getByTestId("run-distance").textContent()).toBe("1.00 km");
    await live.getByRole("button", { name: "Resume" }).click();
    await live.getByRole("button", { name: "Stop" }).click();
    await live.getByRole("button", { name: "Save" }).click();
    await page.clock.resume();
    const card = page.getByTestId("run-card");
    await card.getByText("1.00 km").waitFor();
    await card.getByText("00:05:00").waitFor();

    // Still offline, a reload opens the runner from this browser with the run kept.
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await card.getByText("1.00 km").waitFor();
    await context.close();
  });

  it("a timer started with no network survives a reload, and is registered once the network is back", async () => {
    const account = await createAccount("Offline timer");
    const context = await newContext(browser(), { serviceWorkers: "allow" });
    const page = await context.newPage();
    await addSession(page, account);
    const state = page.getByTestId("timer-state");
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    await page.goto(siteUrl("journal", "/tools/timer"));
    await state.getByText("Ready").waitFor();
    await workerReady(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await button("Start").click();
    await state.getByText("Running").waitFor();
    await page.getByRole("textbox", { name: "Message" }).fill("Started underground");
    await button("Stop").click();
    await state.getByText("Stopped").waitFor();

    // Reloaded before the network is back: the timer and its message are still there.
    await page.reload();
    await page.getByTestId("offline-banner").waitFor();
    await state.getByText("Stopped").waitFor();
    await expect.poll(() => page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("Started underground");

    // Back online, the server registers it, with its message.
    await context.setOffline(false);
    await expect
      .poll(async () => ((await callApi(account.token, "GET", "/api/journal/timer")) as { text: string } | null)?.text)
      .toBe("Started underground");
    await state.getByText("Stopped").waitFor();
    await context.close();
  });
});
