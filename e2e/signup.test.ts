import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import { addSession, callApi, clipboardText, createAccount, layoutContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

// Joining (DESIGN §5): the sign-in page's "Create an account" where sign-up is open (the suite runs with
// SIGNUP "open"), and an invite link made on the profile. Where sign-up is closed, the page's side is the
// component test's (pages/auth/src/signup.browser.test.tsx) and the API's the workers' (auth/invites.test.ts).

let client = 0;
/** This file's own client address a sign-up, as createAccount sends one (the API's 100 a client in 15 minutes). */
const clientAddress = () => `198.19.${Math.floor(Math.random() * 256)}.${++client}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Fills the sign-up form by its labels (English or Russian) and sends it with Enter, the keyboard's way. */
async function fillAndSend(page: Page, labels: string[], values: string[]) {
  for (const [i, label] of labels.entries()) await page.getByLabel(label, { exact: true }).fill(values[i] ?? "");
  await page.getByLabel(labels.at(-1) ?? "", { exact: true }).press("Enter");
}

describe("joining", () => {
  it("signs up from the sign-in page's link, in en and ru at 360 and 1280 px, and is signed in", async () => {
    const context = await layoutContext(browser());
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
    const page = await context.newPage();
    await page.goto(siteUrl("auth", "/login"));
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("USERNAME").waitFor();
    expect(await auditEachLayout(page, "auth: the sign-up page")).toEqual([]);
    await page.getByTestId("lang-toggle").click();
    await page.getByRole("heading", { name: "Создать аккаунт" }).waitFor();
    expect(await auditEachLayout(page, "auth: the sign-up page")).toEqual([]);

    const id = unique();
    await fillAndSend(
      page,
      ["ЭЛ. ПОЧТА", "ИМЯ", "ИМЯ ПОЛЬЗОВАТЕЛЯ", "ПАРОЛЬ"],
      [`e2e-join-${id}@nook.localhost`, "Joiner", `join_${id}`, `pw-${id}-secret`],
    );
    // Signed in: on to the profile, greeted by name.
    await page.waitForURL(/\/profile$/);
    await page.getByRole("heading", { name: "Привет, Joiner" }).waitFor();
    await context.close();
  });

  it("makes an invite link on the profile, which opens the sign-up page and makes one account", async () => {
    const inviter = await createAccount("Inviter");
    const context = await layoutContext(browser());
    const page = await context.newPage();
    await addSession(page, inviter);
    await page.goto(siteUrl("auth", "/profile"));
    const invites = page.getByTestId("invites");
    await invites.getByRole("button", { name: "Make an invite link" }).click();
    const shown = invites.getByTestId("invite-link");
    await expect.poll(() => shown.count()).toBe(1);
    const link = await shown.inputValue();
    expect(link).toMatch(/^http:\/\/auth\.nook\.localhost:\d+\/signup\?invite=[A-Za-z0-9_-]{59}$/);
    await expect.poll(() => invites.getByTestId("invite").count()).toBe(1);
    // Copied as shown (read back from a site that may read the clipboard).
    await context.grantPermissions(["clipboard-write"], { origin: siteUrl("auth", "").replace(/\/$/, "") });
    await invites.getByRole("button", { name: "Copy the link" }).click();
    await invites.getByRole("button", { name: "Copied" }).waitFor();
    expect(await clipboardText(context)).toBe(link);
    await context.close();

    const guest = await layoutContext(browser());
    await guest.setExtraHTTPHeaders({ "CF-Connecting-IP": clientAddress() });
    const join = await guest.newPage();
    await join.goto(link);
    await join.getByText("You were invited: this link makes one account.").waitFor();
    expect(await auditEachLayout(join, "auth: the sign-up page with an invite")).toEqual([]);
    await join.getByTestId("lang-toggle").click();
    await join.getByText("Вас пригласили: по этой ссылке можно создать один аккаунт.").waitFor();
    expect(await auditEachLayout(join, "auth: the sign-up page with an invite")).toEqual([]);
    await join.getByTestId("lang-toggle").click();
    const id = unique();
    await fillAndSend(
      join,
      ["EMAIL", "NAME", "USERNAME", "PASSWORD"],
      [`e2e-guest-${id}@nook.localhost`, "Guest", `guest_${id}`, `pw-${id}-secret`],
    );
    await join.waitForURL(/\/profile$/);
    await join.getByRole("heading", { name: "Hey, Guest" }).waitFor();
    // Used: the inviter's list says so, and the link lets no one else in.
    const [row] = (await callApi(inviter.token, "GET", "/api/auth/invites")) as { usedAt: string | null }[];
    expect(row?.usedAt).not.toBeNull();
    // Signed out again (the logo already seen), the same link is refused in words.
    await guest.clearCookies();
    await guest.addCookies([{ name: "logo-seen", value: "1", domain: ".nook.localhost", path: "/", sameSite: "Lax" }]);
    // A page of its own: the profile left open notices the ended session and moves to the sign-in, which
    // would abort a navigation of the same page under way.
    const again = await guest.newPage();
    await again.goto(link);
    await again.getByText("This invite link has already been used").waitFor();
    await guest.close();
  });
});
