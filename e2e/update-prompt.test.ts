/**
 * The update prompt. This file runs alone, after every other (its own project, a later group in
 * vitest.config.ts): it changes a served file, and the local server restarts its Workers when one changes,
 * cutting off whatever another file has in flight.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "../scripts/wrangler.ts";
import { useBrowser } from "./browser.ts";
import { controlled, visit } from "./service-workers.ts";

const browser = useBrowser();

describe("a site's new version", () => {
  it("a new version announces itself in every open tab, and Reload in each moves it to the new version", async () => {
    const { context, page } = await visit(browser(), "kids");
    await page.reload();
    await expect.poll(() => controlled(page)).toBe(true);
    // A second tab of the site, open on the old version too.
    const other = await context.newPage();
    await other.goto(page.url());
    await expect.poll(() => controlled(other)).toBe(true);
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

      // The other tab heard of it too; its Reload (the new worker already active) loads the new version.
      const otherPrompt = other.getByTestId("update-prompt");
      await expect.poll(() => otherPrompt.textContent()).toContain("A new version is ready — reload");
      await Promise.all([other.waitForEvent("load"), otherPrompt.getByRole("button", { name: "Reload" }).click()]);
      await other.locator("main").waitFor();
      expect(await controlled(other)).toBe(true);
      expect(await otherPrompt.count()).toBe(0);
      const scripts = await Promise.all(
        [page, other].map((p) =>
          p.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return navigator.serviceWorker.controller === registration?.active;
          }),
        ),
      );
      expect(scripts).toEqual([true, true]);
    } finally {
      writeFileSync(file, original);
    }
    await context.close();
  });
});
