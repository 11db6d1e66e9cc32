import { describe, expect, it } from "vitest";
import { siteUrl } from "./browser.ts";
import { entries, entryWrites, toast, useJournal } from "./journal-form-fixtures.ts";

const journal = useJournal();

describe("the entry form keeps what was typed", () => {
  it("saves a pending tag and metric with the entry, and resets everything after", async () => {
    const { context, page } = await journal();
    const writes = entryWrites(page);
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Text").fill("Tea with Ann");
    // Enter in the tag field adds the tag; a second Enter on the empty field submits nothing.
    await page.getByLabel("Tags").fill("tea");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").fill("friends");
    // Enter in the metric label adds the metric (or says what is missing), never the entry.
    await page.getByLabel("Metric label").fill("cups");
    await page.getByLabel("Metric label").press("Enter");
    await page.getByText("A metric needs a label and a value").waitFor();
    await page.getByLabel("Metric value").fill("2");
    // Nothing sent by those Enters: none so far, and the Add below is the first and only write (a write an
    // Enter had started would be counted before the Add's, as the requests are seen in order).
    expect(writes).toHaveLength(0);

    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toMatchObject({
      text: "Tea with Ann",
      tags: ["tea", "friends"],
      metrics: [{ name: "cups", value: 2 }],
    });
    for (const label of ["Text", "Tags", "Metric label", "Metric value"])
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    await expect.poll(() => page.getByText("A metric needs a label and a value").count()).toBe(0);
    await context.close();
  });

  it("keeps a new entry's unsaved input across a reload, and forgets it once saved", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/#new-entry"));
    await page.getByLabel("Text").fill("half a thought");
    await page.getByLabel("Tags").fill("idea");
    await page.getByLabel("Tags").press("Enter");
    await page.getByLabel("Tags").fill("still typ");
    await page.getByLabel("Metric label").fill("cups");
    await page.reload();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("half a thought");
    await page.getByTestId("form-tags").getByText("idea", { exact: true }).waitFor();
    expect(await page.getByLabel("Tags").inputValue()).toBe("still typ");
    expect(await page.getByLabel("Metric label").inputValue()).toBe("cups");
    await page.getByLabel("Metric label").fill("");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.reload();
    await entries(page).first().waitFor();
    for (const label of ["Text", "Tags", "Metric label"])
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe("");
    await context.close();
  });

  it("takes a reminder's tag from the address into the form, and the address clean", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/?prompt=tag&tag=morning%20run#new-entry"));
    await expect.poll(() => page.locator("form").getByText("morning run", { exact: true }).count()).toBe(1);
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await context.close();
  });

  it("takes a tarot prompt out of the address once it filled the form, so a reload does not fill it again", async () => {
    const { context, page } = await journal();
    await page.goto(siteUrl("journal", "/?prompt=tarot&text=The%20Fool#new-entry"));
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("The Fool");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(new URL(page.url()).hash).toBe("#new-entry");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await page.reload();
    await entries(page).first().waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("");
    await expect.poll(() => page.getByTestId("form-tags").getByText("tarot", { exact: true }).count()).toBe(0);
    await context.close();
  });
});
