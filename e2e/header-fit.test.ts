import { describe, expect, it } from "vitest";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

const SITES = ["auth", "journal", "donate", "steps", "calendar", "people", "kids", "random", "lupileon"] as const;

describe("the header at 360 px", () => {
  it("shows every site's whole name in Russian and in English, signed in", async () => {
    const account = await createAccount("Анастасия Длиннофамильная");
    const context = await newContext(browser(), { width: 360 });
    const page = await context.newPage();
    await addSession(page, account);
    const cut: string[] = [];
    try {
      for (const locale of ["ru", "en"] as const) {
        await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
        for (const site of SITES) {
          await page.goto(siteUrl(site, site === "auth" ? "/profile" : "/"));
          const name = page.locator(".header-site");
          await expect.poll(() => name.textContent()).not.toBe("");
          await page.getByTestId("profile-link").waitFor();
          const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth);
          if (!fits)
            cut.push(
              `${locale} ${site}: ${await name.textContent()} (${await name.evaluate((el) => el.scrollWidth - el.clientWidth)} px short)`,
            );
        }
      }
      expect(cut).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
