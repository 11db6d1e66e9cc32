import { describe, expect, it } from "vitest";
import { callApi, overflows, siteUrl } from "./browser.ts";
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

describe("user text on narrow and wide screens, in both languages", () => {
  const long = "x".repeat(64);

  for (const locale of ["en", "ru"] as const) {
    it(`${locale}, at 360, 1024 and 1280 px: nothing overflows, metric fields stay usable`, async () => {
      const { context, page, account } = await journal({ width: 360, locale });
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `${"y".repeat(300)} مرحبا بالعالم`,
        tags: [long],
        metrics: [{ name: long, value: 1 }],
      });
      await callApi(account.token, "POST", "/api/journal/entries", { text: "مرحبا بالعالم" });
      const metricFields =
        locale === "ru" ? ["Название метрики", "Значение метрики"] : ["Metric label", "Metric value"];
      // Narrow, the list and the form are two screens (#entries, #new-entry); from 1024 px, side by side.
      for (const width of [360, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        if (width === 360) await page.goto(siteUrl("journal", "/#entries"));
        if (width === 1024) await page.goto(siteUrl("journal", "/"));
        await entries(page).nth(1).waitFor();
        await expect.poll(() => overflows(page), { message: `${width} px` }).toBe(0);
        // Right-to-left text is laid out right to left.
        await expect
          .poll(() =>
            entries(page)
              .first()
              .locator(".entry-text")
              .evaluate((el) => getComputedStyle(el).direction),
          )
          .toBe("rtl");
        // Times in the reader's language.
        const title = (await entries(page).first().locator("time").getAttribute("title")) ?? "";
        expect(/[а-я]/.test(title)).toBe(locale === "ru");

        if (width === 360) await page.goto(siteUrl("journal", "/#new-entry"));
        for (const name of metricFields) {
          const box = await page.getByLabel(name, { exact: true }).boundingBox();
          expect(box?.width ?? 0, `${name} at ${width} px`).toBeGreaterThanOrEqual(110);
        }
        await expect.poll(() => overflows(page), { message: `${width} px` }).toBe(0);
      }
      await context.close();
    });
  }
});
