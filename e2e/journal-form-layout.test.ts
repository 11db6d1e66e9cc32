import { describe, expect, it } from "vitest";
import { siteUrl } from "./browser.ts";
import { entries, toast, useJournal } from "./journal-form-fixtures.ts";

const journal = useJournal();

describe("lifting and collapsed runs read clearly", () => {
  it("says it lifted, marks the grown row, and names what a collapsed row's delete removes", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#entries"));
    await page.getByLabel("Text").fill("coffee");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await entries(page).first().getByRole("button", { name: /Lift/ }).click();
    await toast(page, "Lifted: it happened again");
    const row = entries(page).first();
    await row.getByText("↑2").waitFor();
    await page.locator('[data-testid="entry"].entry-flash').first().waitFor({ timeout: 2000 });
    const del = row.getByRole("button", { name: "Delete latest" });
    await expect.poll(() => del.getAttribute("title")).toBe("Deletes the latest of these 2 entries");
    await del.click();
    await row.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Entry deleted");
    await row.getByText("↑1").waitFor();

    // A duplicate saved unchanged joins its source's run: that row is the one marked.
    await row.getByRole("button", { name: "Duplicate" }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await row.getByText("↑2").waitFor();
    await page.locator('[data-testid="entry"].entry-flash').first().waitFor({ timeout: 2000 });
    await context.close();
  });
});
