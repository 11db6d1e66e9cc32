import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { messages as en } from "../../locales/en.po";
import type { Entry } from "../journal-api.ts";
import { EntryItem } from "./entry-item.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

/** An entry as the API lists it: written just now, no tags, no lifts. */
const entry = (id: number, text: string) =>
  ({
    id,
    date: new Date().toISOString(),
    modifiedAt: new Date().toISOString(),
    text,
    tags: [],
    metrics: [],
    totalLifts: 0,
    isLifted: false,
  }) as unknown as Entry;

afterEach(async () => {
  unmountPage();
  await page.viewport(1280, 800);
});

describe("an entry's row", () => {
  it("puts a phone row's actions behind one … button", async () => {
    await page.viewport(360, 800);
    const onEdit = vi.fn();
    renderInPage(
      <ul>
        <EntryItem
          entry={entry(7, "small screen")}
          now={new Date()}
          onLift={vi.fn()}
          onEdit={onEdit}
          onDuplicate={vi.fn()}
          onDelete={vi.fn()}
        />
      </ul>,
      "en",
      en,
    );
    const row = page.getByTestId("entry").first();
    await expect.element(row.getByText("small screen")).toBeVisible();
    // In the page but out of sight (a role locator skips a hidden element unless asked).
    await expect.element(row.getByRole("button", { name: "Edit", includeHidden: true })).not.toBeVisible();
    await row.getByRole("button", { name: "Actions" }).click();
    await expect.element(row.getByRole("button", { name: "Actions" })).toHaveAttribute("aria-expanded", "true");
    await row.getByRole("button", { name: "Edit" }).click();
    // The row hands the edit to the list (entries-panel.tsx), which opens the form on this entry.
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});
