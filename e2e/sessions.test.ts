import { describe, expect, it } from "vitest";
import { localFetch } from "../scripts/local-fetch.ts";
import { audit } from "./axe.ts";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** Signs the account in again through the API, as another browser would: that session's token. */
function signInElsewhere(account: { email: string; password: string }, userAgent: string) {
  const res = localFetch(siteUrl("auth", "/api/auth/login"), {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: siteUrl("auth", "").replace(/\/$/, ""),
      "User-Agent": userAgent,
    },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  return res.then((r) => r.json<{ token: string }>().token);
}
/** Whether a session's token is still signed in. */
const signedIn = (token: string) =>
  localFetch(siteUrl("auth", "/api/auth/sessions"), { headers: { Authorization: `Bearer ${token}` } }).then(
    (r) => r.status === 200,
  );

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

describe("where you are signed in", () => {
  for (const locale of ["en", "ru"] as const)
    it(`lists the sessions, ends one, then signs out everywhere else (${locale}, 360 px)`, async () => {
      const account = await createAccount("Traveller");
      const phone = await signInElsewhere(account, PHONE);
      const desktop = await signInElsewhere(account, DESKTOP);
      const context = await newContext(browser(), { width: 360 });
      await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
      const page = await context.newPage();
      await addSession(page, account);
      await page.goto(siteUrl("auth", "/profile"));
      const list = page.getByTestId("sessions");
      const rows = list.getByTestId("session");
      await expect.poll(() => rows.count()).toBe(3);
      const en = locale === "en";
      await expect
        .poll(() => rows.allTextContents())
        .toEqual(
          expect.arrayContaining([
            expect.stringContaining(en ? "Safari on iOS" : "Safari, iOS"),
            expect.stringContaining(en ? "Firefox on Windows" : "Firefox, Windows"),
            expect.stringContaining(en ? "This device" : "Это устройство"),
          ]),
        );
      // The profile in English is audited in the accessibility walk (axe once a screen, theme and language).
      if (!en) expect(await audit(page, "auth: the profile")).toEqual([]);
      // The page is no wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // End the phone's: it is signed out, the others stay.
      await rows
        .filter({ hasText: "iOS" })
        .getByRole("button", { name: en ? "End" : "Завершить" })
        .click();
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => signedIn(phone)).toBe(false);
      expect(await signedIn(desktop)).toBe(true);

      // Everywhere else: the desktop's ends, this one stays.
      await list
        .getByRole("button", { name: en ? "Sign out everywhere else" : "Выйти на всех других устройствах" })
        .click();
      await expect
        .poll(() => list.getByText(en ? "Signed out of 1 other session." : "Завершён 1 другой сеанс.").count())
        .toBe(1);
      await expect.poll(() => rows.count()).toBe(1);
      expect(await signedIn(desktop)).toBe(false);
      expect(await signedIn(account.token)).toBe(true);
      await context.close();
    });
});
