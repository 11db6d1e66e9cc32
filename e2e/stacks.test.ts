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
    await page.getByRole("heading", { name: "Morning habits" }).waitFor();
    await page.getByText("No items yet").waitFor();

    // Edit mode: rename, and the header follows; Cancel leaves it as it is.
    await page.getByRole("button", { name: "Edit stack" }).click();
    await page.getByLabel("Stack name").fill("Evening habits");
    await page.getByLabel("Icon").fill("🌙");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Evening habits" }).waitFor();
    await page.getByRole("button", { name: "Edit stack" }).click();
    await page.getByLabel("Stack name").fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("heading", { name: "Evening habits" }).waitFor();

    // Delete takes two clicks and goes back to the journal, where the stack is gone.
    await page.getByRole("button", { name: "Edit stack" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(siteUrl("journal", "/"));
    await page.getByText("No stacks yet.").waitFor();

    // Someone else's or a missing stack: said in words.
    await page.goto(siteUrl("journal", "/stacks/999999"));
    await page.getByText("Stack not found").waitFor();
    await context.close();
  });
});
