import { describe, expect, it } from "vitest";
import { createAccount, newContext, signIn, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("stacks: the journal's panel and the stack page", () => {
  it("creates a stack, adds, edits and deletes an item in the modal, edits and deletes the stack", async () => {
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

    // '+ Add Item': the modal says why it cannot save, then adds the item.
    await page.getByRole("button", { name: "+ Add Item" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Item" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("empty title").waitFor();
    await dialog.getByLabel("Title").fill("Coffee days");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("empty tags").waitFor();
    await dialog.getByLabel("Tags", { exact: true }).fill("coffee");
    await dialog.getByLabel("Tags", { exact: true }).press("Enter");
    await dialog.getByLabel("Tags", { exact: true }).fill("!decaf");
    await dialog.getByLabel("Tags", { exact: true }).press("Enter");
    await dialog.getByLabel("Type").selectOption("velocity");
    await dialog.getByLabel("Time range").selectOption("week");
    await dialog.getByLabel("Uptime only").check();
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/journal/stack-items"));
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await saved).request().postDataJSON()).toMatchObject({
      title: "Coffee days",
      type: "velocity",
      uptimeOnly: true,
      config: {
        filter: [
          { name: "coffee", not: false },
          { name: "decaf", not: true },
        ],
        timeRange: "week",
      },
    });
    await page.getByTestId("toast").filter({ hasText: "New stack item added" }).first().waitFor();
    await page.getByTestId("stack-item").getByText("Coffee days").waitFor();

    // In edit mode an item opens as 'Edit Stack Item'; a 24h range takes uptime-only away.
    await page.getByRole("button", { name: "Edit stack" }).click();
    await page.getByTestId("stack-item").getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Stack Item" });
    expect(await edit.getByLabel("Title").inputValue()).toBe("Coffee days");
    await edit.getByLabel("Time range").selectOption("24h");
    expect(await edit.getByLabel("Uptime only").count()).toBe(0);
    await edit.getByLabel("Title").fill("Coffee pace");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("stack-item").getByText("Coffee pace").waitFor();
    await page.getByTestId("stack-item").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText("No items yet").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();

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
