import { describe, expect, it } from "vitest";
import { addSession, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("passkeys", () => {
  it("one is added on the profile, then signs in without the password after signing out", async () => {
    const account = await createAccount("Keyholder");
    const context = await newContext(browser());
    const page = await context.newPage();
    // Chromium's virtual authenticator (DevTools' WebAuthn domain): a platform passkey that says yes.
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
    await addSession(page, account);
    await page.goto(siteUrl("auth", "/profile"));
    const section = page.getByTestId("passkeys");
    await section.getByLabel("PASSKEY NAME").fill("This laptop");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect
      .poll(() => section.getByTestId("passkey").allTextContents())
      .toEqual([expect.stringContaining("This laptop")]);
    await expect
      .poll(() => section.getByText("Passkey added: you can sign in with it on the sign-in page.").count())
      .toBe(1);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe("auth.nook.localhost");

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
});
