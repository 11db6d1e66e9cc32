import { AuthProvider } from "@nook/ui/auth";
import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { readStoredText, writeStored } from "@nook/ui/stored";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as ru } from "../locales/ru.po";
import { messages as signupEn } from "../locales/signup/en.po";
import { messages as signupRu } from "../locales/signup/ru.po";
import { Login } from "./login.tsx";
import { Signup } from "./signup.tsx";
import "@nook/ui/styles.css";

// The sign-up page as the auth site shows it at /signup, with the site's catalog and its own (lingui.config.ts
// LAZY_CATALOGS: signup). The API is stubbed at fetch with the answers the workers' tests check
// (auth/invites.test.ts): whether sign-up is open, an invite used already, a username taken.
const TOKEN = `${"a".repeat(16)}${"b".repeat(43)}`;
const DRAFT_KEY = "nook.auth.signup-draft";
let status: { open: boolean; invited: boolean } | "used" = { open: false, invited: false };
let registered: Record<string, unknown>[] = [];
/** How many times the page asked whether sign-up is open. */
let statusAsked = 0;

const refusal = (status: number, code: string, text: string) =>
  Response.json({ message: text, error: text, code, values: {} }, { status });

beforeEach(async () => {
  registered = [];
  writeStored(DRAFT_KEY, undefined);
  history.replaceState(null, "", "/signup");
  await invalidate("auth/signup");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path === "/api/auth/signup") statusAsked++;
      if (path === "/api/auth/signup")
        return status === "used"
          ? refusal(403, "auth.inviteUsed", "This invite link has already been used")
          : Response.json(status);
      if (path === "/api/auth/register") {
        registered.push((await request.json()) as Record<string, unknown>);
        return refusal(409, "auth.usernameTaken", "Username is already taken");
      }
      if (path === "/api/auth/checkAuth") return refusal(401, "platform.signedOut", "Not signed in");
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
});

const show = (locale: "en" | "ru" = "en") =>
  renderInPage(
    <AuthProvider>
      <Signup />
    </AuthProvider>,
    locale,
    locale === "en" ? { ...en, ...signupEn } : { ...ru, ...signupRu },
  );

describe("the sign-up page", () => {
  it("says sign-up is closed, with no form, where it is closed and the link holds no invite (en, ru)", async () => {
    status = { open: false, invited: false };
    show();
    await expect
      .element(
        page.getByText("Sign-up is closed here. Someone with an account can make you an invite link", { exact: false }),
      )
      .toBeVisible();
    expect(document.querySelector("form")).toBeNull();
    unmountPage();
    await invalidate("auth/signup");
    show("ru");
    await expect.element(page.getByText("Регистрация здесь закрыта.", { exact: false })).toBeVisible();
  });

  it("opens with an invite where sign-up is closed: states the rules, sends the invite, marks the refused field", async () => {
    status = { open: false, invited: true };
    history.replaceState(null, "", `/signup?invite=${TOKEN}`);
    await invalidate(`auth/signup?invite=${TOKEN}`);
    show();
    await expect.element(page.getByText("You were invited: this link makes one account.")).toBeVisible();
    // The shared limits in words (auth/limits.ts): 5 an e-mail and 100 a network address in 15 min; 8 to 128; 40.
    await expect
      .element(
        page.getByText(
          "Sign-up attempts are limited to 5 for one e-mail address and 100 from one network address in 15 min.",
        ),
      )
      .toBeVisible();
    await expect.element(page.getByText("8 to 128 characters.", { exact: false })).toBeVisible();
    await expect.element(page.getByText("at most 40 characters", { exact: false })).toBeVisible();

    await page.getByLabelText("EMAIL").fill("cleo@example.com");
    await page.getByLabelText("NAME").fill("Cleo");
    await page.getByLabelText("USERNAME").fill("ann");
    await page.getByLabelText("PASSWORD").fill("a long enough password");
    // Kept as typed, but never the password.
    expect(JSON.parse(readStoredText(DRAFT_KEY) ?? "null")).toEqual({
      email: "cleo@example.com",
      name: "Cleo",
      username: "ann",
    });
    expect(readStoredText(DRAFT_KEY)).not.toContain("long enough");
    // Enter in the last field sends the form: the keyboard alone signs up.
    await page.getByLabelText("PASSWORD").click();
    await vi.waitFor(() => expect(document.activeElement?.getAttribute("name")).toBe("password"));
    (document.activeElement as HTMLInputElement).form?.requestSubmit();
    await expect.element(page.getByText("Username is already taken")).toBeVisible();
    expect(registered).toEqual([
      {
        email: "cleo@example.com",
        name: "Cleo",
        username: "ann",
        password: "a long enough password",
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        invite: TOKEN,
      },
    ]);
    const username = page.getByLabelText("USERNAME");
    await expect.element(username).toHaveAttribute("aria-invalid", "true");
    await expect.element(username).toHaveFocus();
  });

  it("keeps what was typed across a reload, the password left out", async () => {
    status = { open: true, invited: false };
    writeStored(DRAFT_KEY, { email: "dora@example.com", name: "Dora", username: "dora" });
    show();
    await expect.element(page.getByLabelText("EMAIL")).toHaveValue("dora@example.com");
    await expect.element(page.getByLabelText("NAME")).toHaveValue("Dora");
    await expect.element(page.getByLabelText("USERNAME")).toHaveValue("dora");
    await expect.element(page.getByLabelText("PASSWORD")).toHaveValue("");
  });

  it("says in words that an invite link was used already", async () => {
    status = "used";
    history.replaceState(null, "", `/signup?invite=${TOKEN}`);
    await invalidate(`auth/signup?invite=${TOKEN}`);
    show();
    await expect.element(page.getByText("This invite link has already been used")).toBeVisible();
    expect(document.querySelector("form")).toBeNull();
    // Asking again would be refused again: no "Try again", the way to sign in instead.
    expect(document.querySelector("button")).toBeNull();
    await expect.element(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

describe("the sign-in page", () => {
  const showLogin = async () => {
    await invalidate("auth/signup");
    renderInPage(
      <AuthProvider>
        <Login />
      </AuthProvider>,
      "en",
      en,
    );
    await expect.element(page.getByRole("button", { name: "Go" })).toBeVisible();
  };

  it("links to 'Create an account' only where sign-up is open, keeping what the link holds", async () => {
    status = { open: true, invited: false };
    history.replaceState(null, "", "/login?next=x");
    await showLogin();
    await expect
      .element(page.getByRole("link", { name: "Create an account" }))
      .toHaveAttribute("href", "/signup?next=x");
    unmountPage();
    status = { open: false, invited: false };
    const asked = statusAsked;
    await showLogin();
    // Answered that sign-up is closed: still no link.
    await vi.waitFor(() => expect(statusAsked).toBeGreaterThan(asked));
    await new Promise((settled) => requestAnimationFrame(settled));
    expect(document.querySelector('a[href^="/signup"]')).toBeNull();
  });
});
