import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, overflows, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

describe("stacks: the journal's panel and the stack page", () => {
  it("creates a stack, adds, edits and deletes an item in the modal, edits and deletes the stack", async () => {
    const account = await createAccount("Stacker");
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/"));
    await page.getByText("No stacks yet.").waitFor();

    await page.getByRole("button", { name: "New stack" }).click();
    // Nothing in it: the spec's words show under the form, which stays open; an icon alone needs its name.
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("No update stack data presented").waitFor();
    await expect.poll(() => page.getByText("Name is required").count()).toBe(0);
    await page.getByLabel("Icon").fill("☕");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByLabel("Stack name").fill("Morning habits");
    await page.getByLabel("Icon").fill("☕");
    await page.getByRole("button", { name: "Create" }).click();
    const link = page.getByTestId("stack-link");
    await link.getByText("Morning habits").waitFor();
    await expect.poll(() => page.getByLabel("Stack name").count()).toBe(0);

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
    await page.getByTestId("stack-widget").getByText("Coffee days").waitFor();

    // In edit mode an item opens as 'Edit Stack Item'; a 24h range takes uptime-only away.
    await page.getByRole("button", { name: "Edit stack" }).click();
    await page.getByTestId("stack-widget").getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Stack Item" });
    await expect.poll(() => edit.getByLabel("Title").inputValue()).toBe("Coffee days");
    await edit.getByLabel("Time range").selectOption("24h");
    await expect.poll(() => edit.getByLabel("Uptime only").count()).toBe(0);
    await edit.getByLabel("Title").fill("Coffee pace");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("stack-widget").getByText("Coffee pace").waitFor();
    await page.getByTestId("stack-widget").getByRole("button", { name: "Edit" }).click();
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

  it("shows each item's statistic, and the widgets follow new entries, at 360 and 1280 px", async () => {
    const account = await createAccount("Widgets");
    const day = 86_400_000;
    // Coffee yesterday and the day before: a two-day streak alive through yesterday.
    for (const ago of [2, 1])
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `coffee ${ago} days ago`,
        tags: ["coffee"],
        date: new Date(Date.now() - ago * day).toISOString(),
      });
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Habits", icon: "☕" })) as {
      id: number;
    };
    await callApi(account.token, "POST", "/api/journal/stack-items", {
      stackId: stack.id,
      title: "Latest coffees",
      type: "list",
      config: { filter: [{ name: "coffee" }] },
    });
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
    await page.getByRole("heading", { name: "Habits" }).waitFor();

    // Two items through the modal: a streak and a velocity.
    const addItem = async (title: string, type: string) => {
      await page.getByRole("button", { name: "+ Add Item" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Item" });
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Tags", { exact: true }).fill("coffee");
      await dialog.getByLabel("Tags", { exact: true }).press("Enter");
      await dialog.getByLabel("Type").selectOption(type);
      await dialog.getByRole("button", { name: "Save" }).click();
      await widget(page, title).waitFor();
    };
    await addItem("Coffee streak", "streaks");
    await addItem("Coffee pace", "velocity");
    await widget(page, "Coffee streak").locator(".widget-figure").getByText("2 days").waitFor();
    await widget(page, "Coffee pace").getByText("2 entries").waitFor();
    await expect
      .poll(() => widget(page, "Coffee pace").locator(".widget-figure").textContent())
      .toMatch(/^\d+\.\d{4} cig\/h$/);
    // List items come first, then the statistics.
    await expect
      .poll(() => page.getByTestId("stack-widget").evaluateAll((els) => els.map((e) => e.getAttribute("data-type"))))
      .toEqual(["list", "streaks", "velocity"]);
    const streakDays = await widget(page, "Coffee streak")
      .locator(".day-bar")
      .evaluateAll((els) => els.map((e) => e.classList.contains("on")));
    expect(streakDays).toEqual([false, false, false, false, false, false, false, true, true, false]);

    // An entry on the journal home: today joins the streak, the pace counts it.
    await page.goto(siteUrl("journal", "/"));
    await page.getByLabel("Text").fill("coffee now");
    await page.getByLabel("Tags").fill("coffee");
    await page.getByLabel("Tags").press("Enter");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("toast").filter({ hasText: "Entry added" }).first().waitFor();
    await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
    await widget(page, "Coffee streak").locator(".widget-figure").getByText("3 days").waitFor();
    await widget(page, "Coffee pace").getByText("3 entries").waitFor();
    await widget(page, "Latest coffees").getByText("coffee now").waitFor();
    // An entry written elsewhere shows when the page comes back into view.
    await callApi(account.token, "POST", "/api/journal/entries", { text: "coffee from the phone", tags: ["coffee"] });
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await widget(page, "Coffee pace").getByText("4 entries").waitFor();

    // The list collapses, and stays collapsed after a reload.
    await widget(page, "Latest coffees").getByRole("button", { name: "Hide entries" }).click();
    await page.reload();
    await widget(page, "Latest coffees").getByRole("button", { name: "Show entries" }).waitFor();
    await expect.poll(() => widget(page, "Latest coffees").getByText("coffee from the phone").count()).toBe(0);

    // Narrow and wide: nothing overflows the page.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await widget(page, "Coffee streak").waitFor();
      const overflow = await overflows(page);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    }

    // Edit mode: rename an item, delete another, then the stack.
    await page.getByRole("button", { name: "Edit stack" }).click();
    await widget(page, "Coffee pace").getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Stack Item" });
    await edit.getByLabel("Title").fill("Coffee per hour");
    await edit.getByRole("button", { name: "Save" }).click();
    await widget(page, "Coffee per hour").getByText("4 entries").waitFor();
    await widget(page, "Coffee streak").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="stack-widget"]').length === 2);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(siteUrl("journal", "/"));
    await page.getByText("No stacks yet.").waitFor();
    await context.close();
  });

  it("brings the stack page's own strings with it, in the language chosen before and after it loaded", async () => {
    const account = await createAccount("Bilingual");
    const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Habits", icon: "☕" })) as {
      id: number;
    };
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", `/stacks/${stack.id}`));
    await page.getByText("No items yet").waitFor();

    // These strings are only in the stack page's catalog (pages/journal/locales/stack), not the journal's first one:
    // switching the language on the page loads that catalog's Russian too.
    await page.getByTestId("lang-toggle").click();
    await page.getByText("Элементов пока нет").waitFor();
    await page.getByRole("button", { name: "+ Добавить элемент" }).waitFor();
    await page.getByTestId("lang-toggle").click();
    await page.getByText("No items yet").waitFor();

    // Opened in Russian, the page comes with its Russian strings from the start.
    await page.getByTestId("lang-toggle").click();
    await page.getByText("Элементов пока нет").waitFor();
    await page.reload();
    await page.getByText("Элементов пока нет").waitFor();
    await page.getByRole("button", { name: "Изменить стопку" }).waitFor();
    await context.close();
  });
});

const widget = (page: Page, title: string) => page.getByRole("article", { name: title });
