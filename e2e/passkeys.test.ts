import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/** A page of a new context in `locale`, with Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform passkey that says yes, and verifies its user. */
async function withAuthenticator(locale: "en" | "ru") {
  const context = await newContext(browser());
  if (locale !== "en")
    await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { context, page, credentials };
}

/** The words of the "Add a passkey" form, in the page's language. */
const WORDS = {
  en: {
    open: "Add a passkey…",
    name: "PASSKEY NAME",
    password: "CURRENT PASSWORD",
    add: "Add the passkey",
    wrong: "Current password is incorrect",
    added: "Passkey added: you can sign in with it on the sign-in page.",
  },
  ru: {
    open: "Добавить ключ доступа…",
    name: "НАЗВАНИЕ КЛЮЧА",
    password: "ТЕКУЩИЙ ПАРОЛЬ",
    add: "Добавить ключ",
    wrong: "Текущий пароль неверен",
    added: "Ключ доступа добавлен: с ним можно войти на странице входа.",
  },
};

/**
 * Adding a passkey on the profile asks for the password first: "Add a passkey…" opens a form whose button
 * waits for it, a wrong one is refused before the browser is asked (no credential made), the right one adds
 * it. The passkey section is returned for what the test does next.
 */
async function addWithPassword(
  page: Page,
  account: { password: string },
  credentials: () => Promise<unknown[]>,
  locale: "en" | "ru",
) {
  const words = WORDS[locale];
  await page.goto(siteUrl("auth", "/profile"));
  const section = page.getByTestId("passkeys");
  // No password field until the form is opened.
  await section.getByRole("button", { name: words.open }).click();
  const add = section.getByRole("button", { name: words.add, exact: true });
  await section.getByLabel(words.name).fill("This laptop");
  await expect.poll(() => add.isDisabled()).toBe(true);
  await section.getByLabel(words.password).fill("not my password");
  await add.click();
  await expect.poll(() => section.getByText(words.wrong).count()).toBe(1);
  expect(await credentials()).toHaveLength(0);
  await section.getByLabel(words.password).fill(account.password);
  await add.click();
  await expect
    .poll(() => section.getByTestId("passkey").allTextContents())
    .toEqual([expect.stringContaining("This laptop")]);
  await expect.poll(() => section.getByText(words.added).count()).toBe(1);
  // The form closes with it: the password is not kept on the page.
  expect(await section.getByLabel(words.password).count()).toBe(0);
  return section;
}

describe("passkeys", () => {
  it("one is added on the profile with the password, then signs in without it after signing out", async () => {
    const account = await createAccount("Keyholder");
    const { context, page, credentials } = await withAuthenticator("en");
    await addSession(page, account);
    const section = await addWithPassword(page, account, credentials, "en");
    // Listed with the sessions, under one heading.
    const waysIn = page.getByTestId("ways-in");
    await expect.poll(() => waysIn.getByRole("heading", { name: "Where you can sign in" }).count()).toBe(1);
    expect(await waysIn.getByTestId("session").count()).toBe(1);
    const made = await credentials();
    expect(made).toHaveLength(1);
    expect((made[0] as { rpId?: string }).rpId).toBe("auth.nook.localhost");

    // Signed out, then in with the passkey: no e-mail, no password typed.
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(siteUrl("auth", "/profile"));
    // A session like any other: listed, and the passkey's last use shown.
    await expect.poll(() => page.getByTestId("session").count()).toBe(1);
    await expect
      .poll(() => section.getByTestId("passkey").allTextContents())
      .toEqual([expect.stringMatching(/This laptop.*last used/)]);
    // Removed, it signs in no more: the API no longer knows it.
    await section.getByRole("button", { name: "Remove the passkey This laptop" }).click();
    await expect.poll(() => section.getByTestId("passkey").count()).toBe(0);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/login/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect
      .poll(() => page.getByText("This passkey is not one of an account here: sign in with your password").count())
      .toBe(1);
    await context.close();
  });

  it("adding one asks for the password in Russian too", async () => {
    const account = await createAccount("Ключник");
    const { context, page, credentials } = await withAuthenticator("ru");
    await addSession(page, account);
    await addWithPassword(page, account, credentials, "ru");
    expect(await credentials()).toHaveLength(1);
    await context.close();
  });
});
