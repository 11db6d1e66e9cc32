import { describe, expect, it } from "vitest";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { createAccount, htmlAttr, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("the shared shell", () => {
  it("keeps theme and language across sites", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // A site open to signed-out visitors (the journal would send us to sign in).
    await page.goto(siteUrl("calendar"));
    await page.getByTestId("theme-toggle").waitFor();
    const before = await htmlAttr(page, "data-theme");
    expect(before).toBe("dark");
    await page.getByTestId("theme-toggle").click();
    expect(await htmlAttr(page, "data-theme")).toBe("light");

    expect(await htmlAttr(page, "lang")).toBe("en");
    await page.getByTestId("lang-toggle").click();
    await page.waitForFunction(() => document.documentElement.lang === "ru");
    expect(await page.title()).toBe("Календарь | Nook");
    // The language label shows for 2 s after a switch.
    await page.getByText("Русский", { exact: true }).waitFor();
    await page.waitForTimeout(2300);
    expect(await page.getByText("Русский", { exact: true }).count()).toBe(0);

    const cookies = await context.cookies();
    for (const name of ["preferred-theme", "locale"]) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie?.domain.replace(/^\./, "")).toBe("nook.localhost");
      expect(cookie?.sameSite).toBe("Lax");
      expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    }

    await page.goto(siteUrl("kids"));
    await page.getByTestId("theme-toggle").waitFor();
    expect(await htmlAttr(page, "data-theme")).toBe("light");
    expect(await htmlAttr(page, "lang")).toBe("ru");

    // The big logo toggles the theme back.
    await page.getByTestId("logo").click();
    expect(await htmlAttr(page, "data-theme")).toBe("dark");
    await context.close();
  });

  it("follows the system's light preference until a theme is chosen", async () => {
    const context = await newContext(browser(), { colorScheme: "light" });
    const page = await context.newPage();
    // A site open to signed-out visitors: steps would send us on to sign in while we read the page.
    await page.goto(siteUrl("kids"));
    await page.getByTestId("theme-toggle").waitFor();
    expect(await htmlAttr(page, "data-theme")).toBe("light");
    await context.close();
  });

  it("shows the Local badge and the launcher's links", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("root"));
    await page.getByTestId("local-badge").waitFor();
    expect(await page.title()).toBe("Nook");
    for (const site of SITES.filter((s) => s !== "root")) {
      expect(await page.locator(`a[href^="${siteUrl(site, "/")}"]`).count()).toBeGreaterThan(0);
    }
    await page
      .locator(`a[href^="${siteUrl("journal", "/")}"]`)
      .first()
      .click();
    await page.waitForURL(siteUrl("journal", "/"));
    await context.close();
  });

  it("gates a first visit behind the logo on the main site, then returns", async () => {
    const context = await newContext(browser(), { seenLogo: false });
    const page = await context.newPage();
    await page.goto(siteUrl("journal", "/"));
    await page.waitForURL((url) => url.hostname === "nook.localhost");
    const enter = page.getByRole("button", { name: "Enter" });
    await enter.waitFor();
    expect(await page.getByTestId("theme-toggle").count()).toBe(0);
    await enter.click();
    await page.waitForURL(siteUrl("journal", "/"));
    expect((await context.cookies()).find((c) => c.name === "logo-seen")?.domain.replace(/^\./, "")).toBe(
      "nook.localhost",
    );
    await page.getByTestId("theme-toggle").waitFor();
    await context.close();
  });

  for (const { width, showsName, locale } of [
    { width: 360, showsName: false, locale: "en" },
    { width: 360, showsName: false, locale: "ru" },
    { width: 1280, showsName: true, locale: "en" },
  ]) {
    it(`fits the header at ${width} px in ${locale}, ${showsName ? "with the name" : "with an icon"}`, async () => {
      const account = await createAccount("Wide Narrow");
      const context = await newContext(browser(), { width });
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      const page = await context.newPage();
      await page.goto(siteUrl("auth", "/login"));
      await page.getByLabel(locale === "ru" ? "ЭЛ. ПОЧТА" : "EMAIL").fill(account.email);
      await page.getByLabel(locale === "ru" ? "ПАРОЛЬ" : "PASSWORD").fill(account.password);
      await page.getByRole("button", { name: locale === "ru" ? "Вперёд" : "Go" }).click();
      await page.waitForURL(siteUrl("auth", "/profile"));
      await page.goto(siteUrl("journal"));
      const profile = page.getByTestId("profile-link");
      await profile.waitFor();
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="profile-link"]')?.getAttribute("href")?.includes("/profile"),
      );
      expect(await profile.getByText("Wide Narrow").isVisible()).toBe(showsName);
      for (const id of ["logo", "lang-toggle", "theme-toggle", "profile-link"]) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box, id).not.toBeNull();
        expect(box!.x + box!.width, id).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    });
  }
});
