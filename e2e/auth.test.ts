import { describe, expect, it } from "vitest";
import { localQuery } from "../scripts/suite.ts";
import { repo } from "../scripts/wrangler.ts";
import { createAccount, newContext, port, signIn, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("signing in, the profile and the password", () => {
  it("hashes the suite's sign-ups at the test cost, as its PASSWORD_COST asks", async () => {
    // wrangler dev hands --var to the gateway alone: the API gets the var from its own config (scripts/suite.ts
    // apiConfig). At the deployed cost a sign-up takes about 170 ms of the processor, at the test cost 15.
    const account = await createAccount("Cheap Hash");
    const [row] = localQuery<{ hash: string }>(
      { port: port(), persistTo: `${repo}.e2e/state` },
      `SELECT password_hash AS hash FROM users WHERE email = '${account.email}'`,
    );
    expect(row?.hash).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
  });

  it("signs in on the auth site and shows the name on the journal site", async () => {
    const account = await createAccount("Ada Tester");
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, account);
    await page.getByRole("heading", { name: "Hey, Ada Tester" }).waitFor();

    const session = (await context.cookies()).find((c) => c.name === "nook_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.domain.replace(/^\./, "")).toBe("nook.localhost");
    expect(session?.sameSite).toBe("Lax");

    await page.goto(siteUrl("journal"));
    await page.getByTestId("profile-link").getByText("Ada Tester").waitFor();
    await expect.poll(() => page.title()).toBe("Journal | Nook");
    await context.close();
  });

  it("refuses a wrong password with the server's message", async () => {
    const account = await createAccount();
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("auth", "/login"));
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await page.getByLabel("EMAIL").fill(account.email);
    await page.getByLabel("PASSWORD").fill("wrong password");
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("Invalid credentials").waitFor();
    expect(page.url()).toBe(siteUrl("auth", "/login"));
    await context.close();
  });

  it("shows the server's message in the reader's language", async () => {
    const account = await createAccount();
    const context = await newContext(browser());
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(siteUrl("auth", "/login"));
    await page.getByLabel("ЭЛ. ПОЧТА").fill(account.email);
    await page.getByLabel("ПАРОЛЬ").fill("wrong password");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/auth/login"));
    await page.getByRole("button", { name: "Вперёд" }).click();
    // The API said 'Invalid credentials'; the page says it in Russian.
    expect((await (await answer).json()).message).toBe("Invalid credentials");
    await page.getByText("Неверная почта или пароль").waitFor();
    await expect.poll(() => page.getByText("Invalid credentials").count()).toBe(0);
    await context.close();
  });

  it("edits the profile, and the accent colour follows to other sites", async () => {
    const account = await createAccount("Grace Before");
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, account);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("NAME", { exact: true }).fill("Grace After");
    await page.getByLabel("DATE OF BIRTH").fill("1985-12-09");
    await page.getByRole("radio", { name: "green" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Hey, Grace After" }).waitFor();
    await page.getByTestId("profile-link").getByText("Grace After").waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.accent === "green");

    await page.reload();
    await page.getByRole("heading", { name: "Hey, Grace After" }).waitFor();
    await expect.poll(() => page.getByLabel("DATE OF BIRTH").inputValue()).toBe("1985-12-09");

    await page.goto(siteUrl("people"));
    await page.getByTestId("profile-link").getByText("Grace After").waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.accent === "green");
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
    );
    expect(accent).not.toBe("");
    await context.close();
  });

  it("changes the password, logs out, and signs in with the new one", async () => {
    const account = await createAccount("Linus Pw");
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, account);
    await page.getByRole("link", { name: "Edit password" }).click();
    await page.waitForURL(siteUrl("auth", "/edit-password"));

    let calls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/auth/change-password")) calls++;
    });
    await page.getByLabel("CURRENT PASSWORD").fill(account.password);
    await page.getByLabel("NEW PASSWORD").fill("a brand new password");
    await page.getByLabel("REPEAT PASSWORD").fill("a different password");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("New passwords do not match").waitFor();
    expect(calls).toBe(0);

    await page.getByLabel("CURRENT PASSWORD").fill("not my password");
    await page.getByLabel("REPEAT PASSWORD").fill("a brand new password");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Current password is incorrect").waitFor();

    await page.getByLabel("CURRENT PASSWORD").fill(account.password);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(siteUrl("auth", "/profile"));

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(siteUrl("auth", "/login"));
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "nook_session")).toBe(false);

    await page.getByLabel("EMAIL").fill(account.email);
    await page.getByLabel("PASSWORD").fill(account.password);
    await page.getByRole("button", { name: "Go" }).click();
    await page.getByText("Invalid credentials").waitFor();
    await signIn(page, { email: account.email, password: "a brand new password" });
    await page.getByRole("heading", { name: "Hey, Linus Pw" }).waitFor();
    await context.close();
  });

  it("sends a signed-out visitor of /profile to the login page, and a signed-in one away from it", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("auth", "/profile"));
    await page.waitForURL((url) => url.pathname === "/login");
    await page.goto(siteUrl("auth", "/yalogin"));
    await page.getByRole("heading", { name: "Hey, Demo" }).waitFor();
    await page.goto(siteUrl("auth", "/login"));
    await page.waitForURL(siteUrl("root", "/"));
    await context.close();
  });
});
