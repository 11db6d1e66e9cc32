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
  it("a new version announces itself, and Reload moves the page to it", async () => {
    const { context, page } = await visit(browser(), "kids");
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
