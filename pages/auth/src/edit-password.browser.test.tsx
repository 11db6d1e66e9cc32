import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { ToastProvider } from "@nook/ui/toasts";
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

beforeEach(() => {
  posts = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!new URL(request.url).pathname.endsWith("/api/auth/change-password"))
        return new Response(null, { status: 404 });
      posts++;
      const { currentPassword, newPassword } = (await request.json()) as {
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
      return Response.json({ message: "Password changed" });
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
});
