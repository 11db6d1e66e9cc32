import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { ToastProvider } from "@nook/ui/toasts";
import { invalidate } from "@nook/ui/use-data";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../locales/en.po";
import { messages as passwordEn } from "../locales/password/en.po";
import { EditPassword } from "./edit-password.tsx";
import "@nook/ui/styles.css";

// The password form as the auth site shows it at /edit-password: the site's catalog and the screen's own
// (lingui.config.ts LAZY_CATALOGS: password). The API is stubbed at fetch: its answer to a change of password
// is the one the workers' tests check (auth/routes.ts: a wrong current password is a 401, a new one over 128
// characters the schema's 400), each call counted.
const PASSWORD = "the right one";
let posts = 0;
/** The account's passkeys as GET /api/auth/passkeys answers them; none answers 404 (not loaded: no question). */
let listed: { id: string; name: string; createdAt: string; lastUsedAt: null }[] | null = null;
/** The last change-password body sent. */
let sent: Record<string, unknown> = {};

beforeEach(async () => {
  posts = 0;
  listed = null;
  sent = {};
  // The page's one data store outlives a test: the list is asked again for each.
  await invalidate("auth/passkeys");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (path.endsWith("/api/auth/passkeys") && listed) return Response.json(listed);
      if (!path.endsWith("/api/auth/change-password")) return new Response(null, { status: 404 });
      posts++;
      sent = (await request.json()) as Record<string, unknown>;
      const { currentPassword, newPassword } = sent as {
        currentPassword: string;
        newPassword: string;
      };
      if (newPassword.length > 128) {
        const text = "Password must be at most 128 characters";
        return Response.json(
          { message: text, error: text, code: "auth.passwordTooLong", values: { max: 128 } },
          { status: 400 },
        );
      }
      if (currentPassword !== PASSWORD) {
        const text = "Current password is incorrect";
        return Response.json({ message: text, error: text, code: "auth.wrongPassword", values: {} }, { status: 401 });
      }
      return Response.json({ message: "Password changed", passkeysRemoved: sent.removePasskeys ? 2 : 0 });
    }),
  );
});
afterEach(() => {
  unmountPage();
  vi.unstubAllGlobals();
});

describe("auth messages (spec 1 §8)", () => {
  it("checks the new password's length before sending, and words failures as the spec does", async () => {
    renderInPage(
      <ToastProvider>
        <EditPassword />
      </ToastProvider>,
      "en",
      { ...en, ...passwordEn },
    );
    const field = (label: string) => page.getByLabelText(label);
    const save = () => page.getByRole("button", { name: "Save" }).click();
    await field("CURRENT PASSWORD").fill(PASSWORD);
    await field("NEW PASSWORD").fill("short");
    await field("REPEAT PASSWORD").fill("short");
    await save();
    await expect.element(page.getByText("The new password must be at least 8 characters")).toBeVisible();
    expect(posts).toBe(0);
    await field("CURRENT PASSWORD").fill("not my password");
    await field("NEW PASSWORD").fill("long enough now");
    await field("REPEAT PASSWORD").fill("long enough now");
    await save();
    await expect.element(page.getByText("Current password is incorrect")).toBeVisible();
    // Any other failure: the spec's text, then the server's reason.
    const tooLong = "z".repeat(129);
    await field("CURRENT PASSWORD").fill(PASSWORD);
    await field("NEW PASSWORD").fill(tooLong);
    await field("REPEAT PASSWORD").fill(tooLong);
    await save();
    await expect
      .element(page.getByText("Failed to change password: Password must be at most 128 characters"))
      .toBeVisible();
    expect(posts).toBe(2);
  });

  it("shows the account's passkeys and offers to remove them all, ticked; the body says so", async () => {
    listed = [
      { id: "a", name: "My phone", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null },
      { id: "b", name: "YubiKey", createdAt: "2026-01-02T00:00:00.000Z", lastUsedAt: null },
    ];
    renderInPage(
      <ToastProvider>
        <EditPassword />
      </ToastProvider>,
      "en",
      { ...en, ...passwordEn },
    );
    const keys = page.getByTestId("password-passkeys");
    await expect.element(keys.getByText("My phone")).toBeVisible();
    await expect.element(keys.getByText("YubiKey")).toBeVisible();
    const remove = page.getByRole("checkbox", { name: "Also remove my 2 passkeys" });
    await expect.element(remove).toBeChecked();
    await page.getByLabelText("CURRENT PASSWORD").fill(PASSWORD);
    await page.getByLabelText("NEW PASSWORD").fill("long enough now");
    await page.getByLabelText("REPEAT PASSWORD").fill("long enough now");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.element(page.getByText("Password changed; 2 passkeys removed")).toBeVisible();
    expect(sent).toEqual({ currentPassword: PASSWORD, newPassword: "long enough now", removePasskeys: true });
  });

  it("keeps them when unticked", async () => {
    listed = [{ id: "a", name: "My phone", createdAt: "2026-01-01T00:00:00.000Z", lastUsedAt: null }];
    renderInPage(
      <ToastProvider>
        <EditPassword />
      </ToastProvider>,
      "en",
      { ...en, ...passwordEn },
    );
    const remove = page.getByRole("checkbox", { name: "Also remove my passkey" });
    await remove.click();
    await expect.element(remove).not.toBeChecked();
    await page.getByLabelText("CURRENT PASSWORD").fill(PASSWORD);
    await page.getByLabelText("NEW PASSWORD").fill("long enough now");
    await page.getByLabelText("REPEAT PASSWORD").fill("long enough now");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.element(page.getByText("Password changed")).toBeVisible();
    expect(sent).toEqual({ currentPassword: PASSWORD, newPassword: "long enough now", removePasskeys: false });
  });
});
