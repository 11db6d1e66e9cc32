import type { Messages } from "@lingui/core";
import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import type { Locale } from "@nook/shared/common/preferences";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { adoptAccount, cookieJar } from "./account.ts";
import { AuthProvider } from "./auth.tsx";
import { Header } from "./header.tsx";
import { LocaleProvider } from "./i18n.tsx";
import { renderInPage, unmountPage } from "./in-page.tsx";
import type { SiteName } from "./site.ts";
import { invalidate } from "./use-data.ts";
import "./styles.css";

// The header of a signed-in page as the shell shows it (shell.tsx): the session is the API's answer to the
// auth check (auth.tsx asks only when the account cookie names someone), the catalog the site's own.
const CATALOGS = import.meta.glob<{ messages: Messages }>("../../../pages/*/locales/{en,ru}.po", { eager: true });
const catalog = (site: SiteName, locale: Locale) => {
  const found = CATALOGS[`../../../pages/${site}/locales/${locale}.po`];
  if (!found) throw new Error(`no ${locale} catalog for ${site}`);
  return found.messages;
};

function signedInAs(name: string) {
  // The cookie the API sets at sign-in, read by this file's page alone (the browser's are every file's).
  cookieJar.read = () => `${ACCOUNT_COOKIE}=1`;
  // As this tab's own sign-in leaves it: the page is the account (another tab's would make it start again).
  adoptAccount();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (!String(input instanceof Request ? input.url : input).includes("/api/auth/checkAuth"))
        return new Response(null, { status: 404 });
      return Response.json({ tokenData: { id: 1, name }, userData: { accentColor: "blue", timeZone: "UTC" } });
    }),
  );
  // The check made again for this user, not the last test's answer kept by the page's data store.
  invalidate("auth/check");
}

function showHeader(site: SiteName, locale: Locale) {
  renderInPage(
    <LocaleProvider load={async (l) => ({ messages: catalog(site, l) })} initial={locale}>
      <AuthProvider>
        <Header theme="dark" onToggleTheme={() => {}} site={site} />
      </AuthProvider>
    </LocaleProvider>,
    locale,
    catalog(site, locale),
  );
}

beforeEach(() => signedInAs(""));
afterEach(async () => {
  unmountPage();
  vi.unstubAllGlobals();
  cookieJar.read = () => "";
  adoptAccount();
  await page.viewport(1280, 800);
});

/** Signed in as `name`: the profile link leads to their profile (to the login before the check). */
async function signedIn(name: string) {
  const link = () => document.querySelector('[data-testid="profile-link"]');
  await expect.poll(() => link()?.getAttribute("aria-label")).toContain(name);
  expect(link()?.getAttribute("href")).toContain("/profile");
}

describe("the shared shell", () => {
  for (const { width, showsName, locale } of [
    { width: 360, showsName: false, locale: "en" },
    { width: 360, showsName: false, locale: "ru" },
    { width: 1280, showsName: true, locale: "en" },
  ] as const) {
    it(`fits the header at ${width} px in ${locale}, ${showsName ? "with the name" : "with an icon"}`, async () => {
      signedInAs("Wide Narrow");
      await page.viewport(width, 800);
      showHeader("journal", locale);
      await signedIn("Wide Narrow");
      const profile = page.getByTestId("profile-link");
      if (showsName) await expect.element(profile.getByText("Wide Narrow")).toBeVisible();
      else await expect.element(profile.getByText("Wide Narrow")).not.toBeVisible();
      for (const id of ["logo", "lang-toggle", "theme-toggle", "profile-link"]) {
        const box = page.getByTestId(id).element().getBoundingClientRect();
        expect(box.width, id).toBeGreaterThan(0);
        expect(box.x + box.width, id).toBeLessThanOrEqual(width);
      }
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    });
  }
});

describe("the header at 360 px", () => {
  it("shows every site's whole name in Russian and in English, signed in", async () => {
    signedInAs("Анастасия Длиннофамильная");
    await page.viewport(360, 800);
    const sites = ["auth", "journal", "donate", "steps", "calendar", "people", "kids", "random", "lupileon"] as const;
    const cut: string[] = [];
    for (const locale of ["ru", "en"] as const)
      for (const site of sites) {
        showHeader(site, locale);
        await signedIn("Анастасия Длиннофамильная");
        const name = document.querySelector<HTMLElement>(".header-site");
        expect(name?.textContent, `${locale} ${site}`).not.toBe("");
        if (name && name.scrollWidth > name.clientWidth)
          cut.push(`${locale} ${site}: ${name.textContent} (${name.scrollWidth - name.clientWidth} px short)`);
      }
    expect(cut).toEqual([]);
  });
});
