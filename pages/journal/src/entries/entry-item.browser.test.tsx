import { renderInPage, unmountPage } from "@nook/ui/in-page";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { messages as en } from "../../locales/en.po";
import { messages as ru } from "../../locales/ru.po";
import type { Entry } from "../journal-api.ts";
import { EntryItem } from "./entry-item.tsx";
import "@nook/ui/styles.css";
import "../journal.css";

/** An entry as the API lists it: written just now, no tags, no lifts, the metrics given (the API's order: by name). */
const entry = (id: number, text: string, metrics: { name: string; value: number }[] = []) =>
  ({
    id,
    date: new Date().toISOString(),
    modifiedAt: new Date().toISOString(),
    text,
    tags: [],
    metrics,
    totalLifts: 0,
    isLifted: false,
  }) as unknown as Entry;

// A list that drops a row when its delete is confirmed, as the entries' list does.
function List() {
  const [ids, setIds] = useState([1, 2, 3]);
  return (
    <ul data-testid="list">
      {ids.map((id) => (
        <EntryItem
          key={id}
          entry={entry(id, `entry ${id}`)}
          now={new Date()}
          onLift={vi.fn()}
          onEdit={vi.fn()}
          onDuplicate={vi.fn()}
          onDelete={() => setIds((all) => all.filter((x) => x !== id))}
        />
      ))}
    </ul>
  );
}

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

  it("closes a phone row's … on Escape and gives the focus back to …", async () => {
    await page.viewport(360, 800);
    renderInPage(
      <ul>
        <EntryItem
          entry={entry(7, "small screen")}
          now={new Date()}
          onLift={vi.fn()}
          onEdit={vi.fn()}
          onDuplicate={vi.fn()}
          onDelete={vi.fn()}
        />
      </ul>,
      "en",
      en,
    );
    const row = page.getByTestId("entry").first();
    const actions = row.getByRole("button", { name: "Actions" });
    await actions.click();
    await expect.element(row.getByRole("button", { name: "Edit" })).toBeVisible();
    (row.getByRole("button", { name: "Edit" }).element() as HTMLElement).focus();
    await userEvent.keyboard("{Escape}");
    await expect.element(actions).toHaveAttribute("aria-expanded", "false");
    await expect.element(row.getByRole("button", { name: "Edit", includeHidden: true })).not.toBeVisible();
    await expect.element(actions).toHaveFocus();
  });

  it("after a delete is confirmed, the focus moves to the next row, or the one before, or the list", async () => {
    await page.viewport(360, 800);
    renderInPage(<List />, "en", en);
    /** Deletes a row by keyboard: its …, then Delete and Confirm (Enter twice). */
    const deleteRow = async (id: number) => {
      const row = page.getByTestId("entry").filter({ hasText: `entry ${id}` });
      await row.getByRole("button", { name: "Actions" }).click();
      (row.getByRole("button", { name: "Delete" }).element() as HTMLElement).focus();
      await userEvent.keyboard("{Enter}");
      await expect.element(row.getByRole("button", { name: "Confirm" })).toHaveFocus();
      await userEvent.keyboard("{Enter}");
    };
    await deleteRow(2);
    await expect.element(page.getByTestId("entry").filter({ hasText: "entry 3" })).toHaveFocus();
    await deleteRow(3);
    await expect.element(page.getByTestId("entry").filter({ hasText: "entry 1" })).toHaveFocus();
    await deleteRow(1);
    await expect.element(page.getByTestId("list")).toHaveFocus();
  });

  it("writes an entry's metrics in the reader's language: 12,5 and 6 ч 20 мин on a Russian page", async () => {
    // 22 800 s = 6 h 20 min.
    const run = entry(8, "run", [
      { name: "duration", value: 22_800 },
      { name: "km", value: 12.5 },
    ]);
    renderInPage(
      <ul>
        <EntryItem
          entry={run}
          now={new Date()}
          onLift={vi.fn()}
          onEdit={vi.fn()}
          onDuplicate={vi.fn()}
          onDelete={vi.fn()}
        />
      </ul>,
      "ru",
      ru,
    );
    await expect.element(page.getByTestId("entry").getByText("run")).toBeVisible();
    const chips = [...document.querySelectorAll('[data-testid="entry"] .chip-metric')].map((el) => el.textContent);
    expect(chips).toEqual(["duration: 6 ч 20 мин", "km: 12,5"]);
  });
});
