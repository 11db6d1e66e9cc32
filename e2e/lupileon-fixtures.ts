import type { Page } from "playwright-core";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  LAYOUTS,
  type Layout,
  layoutContext,
  siteUrl,
  useBrowser,
  useCspRefusals,
} from "./browser.ts";

// The helpers of the lupileon site's e2e files (lupileon-home, lupileon-by-date).

/**
 * Starts the browser for the calling test file (useBrowser) and fails each of its tests on anything the
 * browser refused under the Content-Security-Policy on its pages (`refused`, for a page made otherwise).
 * Gives `newPage` (a page in a layout, in Russian if told) and `signedIn`: an account with a date of birth
 * (or none), signed in, at `path` on the lupileon site (its clock fixed at `now`).
 */
export function useLupileon() {
  const browser = useBrowser();
  /** What the browser refused under the Content-Security-Policy, on any page of the file's tests. */
  const refused = useCspRefusals();

  async function newPage(layout: Layout = LAYOUTS[0], locale?: "ru") {
    const context = await layoutContext(browser(), layout);
    if (locale) await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    cspRefusals(page, refused);
    return { context, page };
  }

  async function signedIn(dateOfBirth: string | null, path = "/", now?: Date, layout: Layout = LAYOUTS[0]) {
    const account = await createAccount("Luna Tester");
    if (dateOfBirth)
      await callApi(account.token, "PUT", "/api/user/profile", {
        email: account.email,
        name: account.name,
        username: account.username,
        dateOfBirth,
        accentColor: "purple",
      });
    const { context, page } = await newPage(layout);
    await addSession(page, account);
    if (now) await page.clock.setFixedTime(now);
    await page.goto(siteUrl("lupileon", path));
    return { account, context, page };
  }

  return { browser, newPage, refused, signedIn };
}

/** The page's own local date, as the site reads it. */
export const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

export const modeButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
export const pressed = (page: Page, name: string) => modeButton(page, name).getAttribute("aria-pressed");
export const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent()) ?? "";
export const mode = (page: Page) => new URL(page.url()).searchParams.get("mode");

/** Every call to the sky's routes, as paths. */
export function skyCalls(page: Page) {
  const calls: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/api\/lupileon\/(moon|celestial|solar|signs)\//.test(path)) calls.push(path);
  });
  return calls;
}
