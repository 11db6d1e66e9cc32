import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

// The journal's home read by day and reached by keyboard: day headings in the profile's zone,
// "N days ago" counted on the calendar, the form first in the Tab order. The mood's arrow keys and a phone
// row's … menu are the components' own: mood-picker.browser.test.tsx and entry-item.browser.test.tsx.
describe("the journal by day", () => {
  it("groups the list under its days, counts days on the calendar, and shows each row's time", async () => {
    const account = await createAccount("Day Reader");
    for (const [text, date] of [
      ["first of the month", "2026-11-01T10:00:00.000Z"],
      ["a Saturday", "2026-11-21T22:00:00.000Z"],
      ["two evenings ago", "2026-11-25T21:00:00.000Z"],
      ["yesterday morning", "2026-11-26T08:00:00.000Z"],
      ["yesterday evening", "2026-11-26T18:30:00.000Z"],
      ["this morning", "2026-11-27T09:00:00.000Z"],
    ])
      await callApi(account.token, "POST", "/api/journal/entries", { text, date });
    const context = await newContext(browser(), { width: 1280, timezoneId: "UTC" });
    const page = await context.newPage();
    // Friday 27 November 2026, 11:45 in the profile's zone (UTC here).
    await page.clock.setFixedTime(new Date("2026-11-27T11:45:00.000Z"));
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/#entries"));
    await page.getByText("first of the month").waitFor();

    const headings = () => page.locator(".entry-day-heading").allInnerTexts();
    await expect
      .poll(headings)
      .toEqual([
        "Today",
        "Yesterday",
        "Wednesday, November 25 · 2 days ago",
        "Saturday, November 21 · 6 days ago",
        "Sunday, November 1",
      ]);
    // Each day's rows under it; a row of today says how long ago, an older one its time.
    const day = (n: number) => page.locator(".entry-day").nth(n);
    await expect.poll(() => day(1).getByTestId("entry").count()).toBe(2);
    await expect.poll(() => day(0).locator(".entry-when").innerText()).toBe("2 h ago");
    await expect.poll(() => day(2).locator(".entry-when").innerText()).toBe("9:00 PM");
    // The full date on hover, in the same order as every other date.
    await expect.poll(() => day(4).locator(".entry-when").getAttribute("title")).toBe("Nov 1, 2026, 10:00 AM");
    await context.close();
  });

  it("reaches the new-entry form in at most three key presses at 1280 px with 50 entries", async () => {
    const account = await createAccount("Keyboard Writer");
    for (let i = 0; i < 50; i++)
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `entry ${i}`,
        tags: ["t"],
        date: new Date(Date.UTC(2026, 9, 1, 12, i)).toISOString(),
      });
    const context = await newContext(browser(), { width: 1280 });
    const page = await context.newPage();
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/"));
    await page.getByText("entry 49").waitFor();
    const inForm = () => page.evaluate(() => document.activeElement?.closest(".entry-form") !== null);
    // Tab: the skip link; Enter: past the header; Tab: the form's text.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect.poll(inForm).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    await page.keyboard.type("written from the keyboard");
    await expect.poll(() => page.getByLabel("Text").inputValue()).toBe("written from the keyboard");
    // One h1 on the page.
    await expect.poll(() => page.locator("h1").count()).toBe(1);
    await context.close();
  });
});
