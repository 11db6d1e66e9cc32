import { describe, expect, it } from "vitest";
import { callApi, LAYOUTS, siteUrl } from "./browser.ts";
import { entries, entryWrites, toast, useJournal } from "./journal-form-fixtures.ts";

const journal = useJournal();

describe("the entry form keeps what was typed", () => {
  it("keeps an entry's exact date on Update", async () => {
    const { context, page, account } = await journal();
    await callApi(account.token, "POST", "/api/journal/entries", { text: "dated", date: "2026-11-20T08:30:17.123Z" });
    const writes = entryWrites(page);
    await page.goto(siteUrl("journal", "/"));
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await page.waitForFunction(
      () => (document.querySelector(".entry-form textarea") as HTMLTextAreaElement | null)?.value === "dated",
    );
    await page.getByLabel("Text").fill("dated, edited");
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    expect(writes[0]?.body.date).toBe("2026-11-20T08:30:17.123Z");
    await context.close();
  });

  it("keeps an edit in progress across a reload, and drops it once saved or cancelled", async () => {
    const { context, page, account } = await journal();
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", {
      text: "first words",
      tags: ["idea"],
    })) as { id: number };
    const heading = (name: string) => page.getByRole("heading", { name, exact: true });
    await page.goto(siteUrl("journal", "/"));
    // A new entry's draft waits meanwhile.
    await page.getByLabel("Text").fill("a new one");
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("first words");
    await page.getByLabel("Text").fill("second thoughts");
    await page.reload();
    await heading(`Edit entry #${entry.id}`).waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("second thoughts");
    await page.getByTestId("form-tags").getByText("idea", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Update" }).click();
    await toast(page, "Entry updated");
    expect(((await callApi(account.token, "GET", `/api/journal/entries/${entry.id}`)) as { text: string }).text).toBe(
      "second thoughts",
    );
    expect(await page.getByTestId("edit-conflict").count()).toBe(0);
    // Saved: the new entry's draft is back, and a reload no longer opens the edit.
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    await page.reload();
    await heading("New Entry:").waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    // Cancelled: the same.
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await heading(`Edit entry #${entry.id}`).waitFor();
    await page.getByLabel("Text").fill("never mind");
    await page.getByRole("button", { name: "Cancel" }).click();
    await heading("New Entry:").waitFor();
    await page.reload();
    await heading("New Entry:").waitFor();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("a new one");
    await context.close();
  });

  it("says so when the entry being edited changed or went meanwhile, keeping what was typed", async () => {
    const { context, page, account } = await journal();
    const entry = (await callApi(account.token, "POST", "/api/journal/entries", { text: "mine at first" })) as {
      id: number;
    };
    const conflict = page.getByTestId("edit-conflict");
    await page.goto(siteUrl("journal", "/"));
    await entries(page).first().getByRole("button", { name: "Edit" }).click();
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("mine at first");
    await page.getByLabel("Text").fill("mine, edited");
    // Another device changes it; this one reloads.
    await callApi(account.token, "PUT", "/api/journal/entries", { entryId: entry.id, text: "theirs", tags: [] });
    await page.reload();
    await expect
      .poll(() => conflict.textContent())
      .toBe(
        `Entry #${entry.id} was changed elsewhere since you began editing it. What you typed is kept here; ` +
          "Update saves it over those changes.",
      );
    expect(await page.getByLabel("Text").inputValue()).toBe("mine, edited");
    await page.getByRole("heading", { name: `Edit entry #${entry.id}`, exact: true }).waitFor();
    // Then deletes it.
    await callApi(account.token, "DELETE", "/api/journal/entries", { entryId: entry.id });
    await page.reload();
    await expect
      .poll(() => conflict.textContent())
      .toBe(
        `Entry #${entry.id} was deleted elsewhere since you began editing it. What you typed is kept here; ` +
          "Add saves it as a new entry.",
      );
    await page.getByRole("heading", { name: "New Entry:", exact: true }).waitFor();
    expect(await page.getByLabel("Text").inputValue()).toBe("mine, edited");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await toast(page, "Entry added");
    await expect.poll(() => conflict.count()).toBe(0);
    const list = (await callApi(account.token, "GET", "/api/journal/entries")) as { text: string }[];
    expect(list.map((e) => e.text)).toEqual(["mine, edited"]);
    await context.close();
  });

  it("brings the form into view, below the header, when editing far down the list, narrow and wide", async () => {
    const { context, page, account } = await journal({ width: LAYOUTS[0].width, locale: "en" });
    for (let i = 0; i < 30; i++)
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `entry ${i}`,
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    await page.goto(siteUrl("journal", "/#entries"));
    const last = entries(page).last();
    await last.getByText("entry 0", { exact: true }).waitFor();
    for (const { width } of LAYOUTS) {
      await page.setViewportSize({ width, height: 800 });
      await last.scrollIntoViewIfNeeded();
      // On a phone a row's actions are behind its "…".
      if (await last.getByRole("button", { name: "Actions" }).isVisible())
        await last.getByRole("button", { name: "Actions" }).click();
      await last.getByRole("button", { name: "Edit" }).click();
      await page.waitForFunction(() => document.activeElement?.matches(".entry-form textarea"));
      await page.waitForFunction(() => {
        const form = document.querySelector(".entry-form")?.getBoundingClientRect();
        const header = document.querySelector(".header")?.getBoundingClientRect();
        return !!form && !!header && Math.round(form.top) >= Math.round(header.bottom) && form.top < innerHeight / 2;
      });
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("button", { name: "Update" }).waitFor({ state: "detached" });
    }
    await context.close();
  });
});
