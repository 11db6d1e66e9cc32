import { describe, expect, it } from "vitest";
import { createAccount, newContext, signIn, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("the journal's Stacks panel", () => {
  it("creates a stack with 'New stack', says why when it cannot, and links to the stack's page", async () => {
    const account = await createAccount("Stacker");
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await signIn(page, account);
    await page.goto(siteUrl("journal", "/"));
    await page.getByText("No stacks yet.").waitFor();

    await page.getByRole("button", { name: "New stack" }).click();
    // No name: the server's message shows under the form, which stays open.
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Stack name").fill("Morning habits");
    await page.getByLabel("Icon").fill("☕");
    await page.getByRole("button", { name: "Create" }).click();
    const link = page.getByTestId("stack-link");
    await link.getByText("Morning habits").waitFor();
    expect(await page.getByLabel("Stack name").count()).toBe(0);

    await link.click();
    await page.waitForURL(/\/stacks\/\d+$/);
    await context.close();
  });
});
