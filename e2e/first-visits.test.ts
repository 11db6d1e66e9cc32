import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** What the page's console says at the level of an error (the service worker's note, blocked in tests, aside). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

// Normal states read as normal: a donor's first visit, a signed-out visitor, a new user's empty
// donation page, and the account site named for the account in Russian.
describe("first visits and normal states", () => {
  it("opens someone's public donation page at once for a signed-out first-time donor, its console quiet", async () => {
    const owner = await createAccount("Page Owner");
    await callApi(owner.token, "PUT", "/api/donate/info", {
      donatePageTitle: "Tea for the cat",
      ethAddress: "",
      btcAddress: "",
      paypalDonateButtonId: "ABC123",
    });
    // Never here before: no logo-seen cookie, no session.
    const context = await newContext(browser(), { seenLogo: false });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(siteUrl("donate", `/u/${owner.username}`));
    await page.getByRole("heading", { name: "Tea for the cat" }).waitFor();
    expect(new URL(page.url()).host).toBe(new URL(siteUrl("donate")).host);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is quiet signed out, and for a new user's donation page that does not exist yet", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = consoleErrors(page);
    // Signed out: the journal sends the visitor to sign in, with nothing said in red on the way.
    await page.goto(siteUrl("journal", "/"));
    await page.waitForURL(/auth\.nook\.localhost.*\/login/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    const account = await createAccount("New Donor");
    await addSession(page, account);
    await page.goto(siteUrl("donate", "/"));
    await page.getByRole("heading", { name: "Your donate page is not set up" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says a wrong password on the form, and nothing in the console but the browser's own line for the 401", async () => {
    const account = await createAccount("Wrong Password");
    const context = await newContext(browser());
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto(siteUrl("auth", "/login"));
    await page.getByLabel("EMAIL").fill(account.email);
    await page.getByLabel("PASSWORD").fill("not-the-password-1");
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("Invalid credentials").waitFor();
    // The browser reports a refused request itself ("Failed to load resource: … 401"); the page adds nothing.
    expect(errors.filter((e) => !e.startsWith("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("names the account site «Аккаунт» in Russian to a signed-in person, never «Вход»", async () => {
    const account = await createAccount("Ру Пользователь");
    const context = await newContext(browser());
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/profile"));
    const name = page.locator(".header-site");
    await expect.poll(() => name.innerText()).toBe("АККАУНТ");
    await expect.poll(() => page.title()).toBe("Аккаунт | Nook");
    await context.close();
  });
});
