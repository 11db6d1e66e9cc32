import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { cspRefusals, inEachLayout, layoutContext, newContext, siteUrl, useBrowser } from "./browser.ts";
import { browserToday, calendarCalls, day, query, settled, tab, title } from "./calendar-fixtures.ts";

const browser = useBrowser();

describe("the calendar site", () => {
  it("signed out, narrow and wide: four views, carets across a year's end, deep links, today", async () => {
    const context = await layoutContext(browser());
    const page = await context.newPage();
    const calls = calendarCalls(page);
    const refused = cspRefusals(page);
    const findings: Record<string, string[]> = {};

    // December → next → January of the next year, and back; Back in the browser undoes a step.
    await page.goto(siteUrl("calendar", "/?view=month&year=2025&month=12"));
    await settled(page, "December 2025");
    await expect.poll(() => tab(page, "Month").getAttribute("aria-selected")).toBe("true");
    // Weeks start on Monday: Mon … Sun over the grid, and 1 December 2025 (a Monday) first.
    await expect
      .poll(() => page.locator(".month-grid th [aria-hidden='true']").allTextContents())
      .toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    await expect
      .poll(() => page.locator(".month-grid tbody tr").first().locator("td").first().getAttribute("data-date"))
      .toBe("2025-12-01");
    // On a phone the days show coloured dots, and the month says what each means.
    await expect
      .poll(async () => (await page.locator(".month-legend li").allInnerTexts()).map((text) => text.trim()))
      .toEqual(["event", "birthday", "deadline", "journal entries"]);
    expect(await page.locator(".month-legend").isVisible()).toBe(true);
    // The sign-in link, in words: the calendar works without, its days' data needs it.
    const signInLink = page.locator(".calendar-status").getByRole("link", { name: "Sign in" });
    await expect
      .poll(() => signInLink.getAttribute("href"))
      .toBe(`${siteUrl("auth", "/login")}?next=${encodeURIComponent(page.url())}`);
    await page.getByRole("button", { name: "Next month" }).click();
    await settled(page, "January 2026");
    expect(query(page)).toMatchObject({ view: "month", year: "2026", month: "1" });
    await page.getByRole("button", { name: "Previous month" }).click();
    await title(page).filter({ hasText: "December 2025" }).waitFor();
    await page.goBack();
    await title(page).filter({ hasText: "January 2026" }).waitFor();
    await page.reload();
    await title(page).filter({ hasText: "January 2026" }).waitFor();
    await page.getByRole("button", { name: "Previous month" }).click();
    await title(page).filter({ hasText: "December 2025" }).waitFor();

    // The year view: 12 small months; a year's step.
    await tab(page, "Year").click();
    await settled(page, "2025");
    await expect.poll(() => page.locator(".mini-month").count()).toBe(12);
    await expect
      .poll(() => page.locator(".mini-month-title").allTextContents())
      .toEqual([
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
      ]);
    await expect.poll(() => page.locator('.mini-month[data-month="2"] [data-date]').count()).toBe(28);
    await page.getByRole("button", { name: "Next year" }).click();
    await settled(page, "2026");
    await page.getByRole("button", { name: "Previous year" }).click();
    await title(page).filter({ hasText: "2025" }).waitFor();
    // A small month's name opens that month.
    await page.getByRole("link", { name: "February", exact: true }).click();
    await settled(page, "February 2025");
    expect(query(page)).toMatchObject({ view: "month", year: "2025", month: "2" });

    // The week view: Monday to Sunday, across the year's end.
    await page.goto(siteUrl("calendar", "/?view=week&year=2025&month=12&day=31"));
    await settled(page, "2026");
    await expect
      .poll(() => page.locator(".week-day").evaluateAll((els) => els.map((e) => e.getAttribute("data-date"))))
      .toEqual(["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]);
    await page.getByRole("button", { name: "Next week" }).click();
    await settled(page, "January 5 – 11, 2026");
    await page.getByRole("button", { name: "Previous week" }).click();
    await page.getByRole("button", { name: "Previous week" }).click();
    await title(page).filter({ hasText: "December 22 – 28, 2025" }).waitFor();

    // The day view, from the week's day, and a day's step over New Year.
    await page.goto(siteUrl("calendar", "/?view=week&year=2025&month=12&day=31"));
    await page.getByRole("link", { name: "Wednesday, December 31" }).click();
    await settled(page, "Wednesday, December 31, 2025");
    await expect.poll(() => tab(page, "Day").getAttribute("aria-selected")).toBe("true");
    await page.getByRole("button", { name: "Next day" }).click();
    await settled(page, "Thursday, January 1, 2026");
    await page.getByRole("button", { name: "Previous day" }).click();
    await title(page).filter({ hasText: "Wednesday, December 31, 2025" }).waitFor();

    // A deep link opens its month; February 2031 starts on a Saturday.
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=2"));
    await settled(page, "February 2031");
    const firstRow = page.locator(".month-grid tbody tr").first().locator("td");
    await expect.poll(() => firstRow.nth(5).getAttribute("data-date")).toBe("2031-02-01");
    await expect.poll(() => firstRow.nth(0).getAttribute("class")).toContain("other-month");
    await expect.poll(() => page.locator(".month-grid tbody td:not(.other-month)").count()).toBe(28);

    // A deep link to a day that cannot be opens the nearest one, and the address is corrected to say it.
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=13"));
    await settled(page, "December 2031");
    await expect.poll(() => query(page)).toEqual({ view: "month", year: "2031", month: "12", day: "1" });
    await page.goto(siteUrl("calendar", "/?view=day&year=2023&month=2&day=29"));
    await settled(page, "Tuesday, February 28, 2023");
    await expect.poll(() => query(page)).toEqual({ view: "day", year: "2023", month: "2", day: "28" });
    // The correction replaces the address: Back goes to the page before, not to the impossible day.
    await page.goBack();
    await title(page).filter({ hasText: "December 2031" }).waitFor();

    // Today is marked, in every view. Signed out, each view is audited here, with today marked, once a
    // layout (the one audit of the signed-out views; the views with an account's days: e2e/calendar-days.test.ts,
    // and the month in the accessibility walk).
    const today = await browserToday(page);
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await page.locator(".month-grid").waitFor();
    for (const view of ["Month", "Week", "Day", "Year"]) {
      await tab(page, view).click();
      const current = page.locator('[aria-current="date"]');
      await current.waitFor();
      await expect.poll(() => current.count()).toBe(1);
      await expect
        .poll(() => current.evaluate((el) => el.closest("[data-date]")?.getAttribute("data-date")))
        .toBe(today);
      findings[`today-${view}`] = (
        await inEachLayout(page, () => audit(page, `calendar: the ${view.toLowerCase()}, signed out`))
      ).flat();
    }
    // The tabs follow the arrow keys.
    await tab(page, "Year").focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => tab(page, "Day").getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("tab-day");
    await page.keyboard.press("Home");
    await expect.poll(() => tab(page, "Year").getAttribute("aria-selected")).toBe("true");

    // Signed out, no call for data is made.
    expect(calls).toEqual([]);
    expect(refused).toEqual([]);
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await context.close();
  });

  for (const colorScheme of ["dark", "light"] as const) {
    it(`marks today with the accent in the ${colorScheme} theme, and walks the month by keyboard`, async () => {
      const context = await newContext(browser(), { colorScheme });
      const page = await context.newPage();
      await page.goto(siteUrl("calendar"));
      const today = await browserToday(page);
      const todayLink = day(page, today).locator(".day-link");
      await todayLink.waitFor();
      await expect.poll(() => todayLink.getAttribute("aria-current")).toBe("date");
      const look = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
      const accent = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
      );
      expect(accent).not.toBe("");
      const other = page.locator(".month-day:not(.today) .day-link").first();
      await expect.poll(() => look(todayLink)).not.toBe(await look(other));
      await expect.poll(() => look(todayLink)).not.toBe("rgba(0, 0, 0, 0)");

      // One tab stop in the grid; arrows move it, Page Down a month, Enter opens the day.
      await page.goto(siteUrl("calendar", "/?view=month&year=2025&month=1&day=31"));
      await title(page).filter({ hasText: "January 2025" }).waitFor();
      await expect.poll(() => page.locator(".day-link[tabindex='0']").count()).toBe(1);
      await day(page, "2025-01-31").locator(".day-link").focus();
      const focused = () =>
        page.evaluate(() => document.activeElement?.closest("[data-date]")?.getAttribute("data-date"));
      await page.keyboard.press("ArrowRight");
      await title(page).filter({ hasText: "February 2025" }).waitFor();
      await expect.poll(() => focused()).toBe("2025-02-01");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => focused()).toBe("2025-02-08");
      await page.keyboard.press("PageUp");
      await title(page).filter({ hasText: "January 2025" }).waitFor();
      await expect.poll(() => focused()).toBe("2025-01-08");
      await page.keyboard.press("Enter");
      await title(page).filter({ hasText: "Wednesday, January 8, 2025" }).waitFor();
      await context.close();
    });
  }
});
