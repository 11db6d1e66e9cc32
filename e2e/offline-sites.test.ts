import { describe, expect, it } from "vitest";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { siteUrl, useBrowser } from "./browser.ts";
import { controlled, visit } from "./service-workers.ts";

const browser = useBrowser();

describe("installable sites that open offline", () => {
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
});
