import { describe, expect, it } from "vitest";
import {
  addSession,
  callApi,
  cspRefusals,
  LAYOUTS,
  layoutContext,
  newContext,
  setLayout,
  siteUrl,
  useBrowser,
} from "./browser.ts";
import {
  accountWithDays,
  calendarCalls,
  day,
  expectLink,
  LONG_NAME,
  links,
  query,
  setLocale,
  settled,
  tab,
} from "./calendar-fixtures.ts";

const browser = useBrowser();

describe("the calendar site", () => {
  it("signed in, narrow and wide: birthdays, deadlines and journal entries on their days, linking to their sites", async () => {
    const { account, stepsId } = await accountWithDays();
    await callApi(account.token, "POST", "/api/people", {
      name: LONG_NAME,
      email: "max@example.com",
      birthDate: "1990-03-10",
      tags: [],
    });
    const to = links(stepsId);
    const context = await layoutContext(browser());
    const page = await context.newPage();
    await addSession(page, account);
    const calls = calendarCalls(page);
    const refused = cspRefusals(page);
    const findings: Record<string, string[]> = {};

    // A failed load says so, and Try again asks once more.
    await page.route("**/api/calendar?*", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=3"));
    await page.getByRole("alert").filter({ hasText: "Could not load your days" }).waitFor();
    await page.unroute("**/api/calendar?*");
    await page.getByRole("button", { name: "Try again" }).click();
    // The month is audited in the accessibility walk, in each theme (axe once a screen and theme).
    await settled(page, "March 2031");
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    // March 2031 starts on a Saturday and ends on a Monday: the grid's five neighbours before, six after.
    expect(calls.at(-1)).toMatchObject({ from: "2031-02-24", to: "2031-04-06" });
    expect(calls.at(-1)?.tz).toBeTruthy();
    // No room for words: coloured dots, the day's link names them, and the day view lists them.
    await day(page, "2031-03-14").locator(".mark-birthday").waitFor();
    await day(page, "2031-03-20").locator(".mark-deadline").waitFor();
    await day(page, "2031-03-05").locator(".mark-entries").waitFor();
    await expect.poll(() => day(page, "2031-03-05").locator(".day-link").textContent()).toContain("2 entries");
    await expect.poll(() => day(page, "2031-03-13").locator(".day-marks, .day-items").count()).toBe(0);
    // Wide, each day's items in words, linking to their sites; a birthday named by what it shows.
    await setLayout(page, LAYOUTS[1]);
    await expectLink(day(page, "2031-03-14"), "Ada Lovelace 36", to.person);
    await expect
      .poll(() => day(page, "2031-03-14").getByRole("link", { name: "Ada Lovelace 36" }).getAttribute("title"))
      .toBe("Ada Lovelace turns 36");
    await expectLink(day(page, "2031-03-20"), "Deadline: File the taxes", to.steps);
    await expectLink(day(page, "2031-03-05"), "2 journal entries", to.journal);
    // A long name is cut short in its cell, and the age beside it stays whole and in sight.
    const long = day(page, "2031-03-10").getByRole("link", { name: `${LONG_NAME} 41`, exact: true });
    await expect
      .poll(() =>
        long.evaluate((link) => {
          const item = link.closest("li");
          if (!item) return "no item";
          // Nothing on the item's line runs past its edge (a name cut short inside its own box is fine)…
          if (item.scrollWidth > item.clientWidth) return "cut off at the item's edge";
          // …and the line ends with the age, whole within the item.
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          let last: Node | null = null;
          while (walker.nextNode()) if (walker.currentNode.textContent?.trim()) last = walker.currentNode;
          if (!last) return "no text";
          const range = document.createRange();
          range.selectNodeContents(last);
          const [age, box] = [range.getBoundingClientRect(), item.getBoundingClientRect()];
          const inside = age.left >= box.left - 0.5 && age.right <= box.right + 0.5;
          return last.textContent?.trim() === "41" && inside ? "age in sight" : `ends with "${last.textContent}"`;
        }),
      )
      .toBe("age in sight");

    // The arrow keys move from the day the focus is on, wherever the address's day is: Tab from the
    // grid's tab stop (the 1st) reaches the 5th's entries, and Arrow Right goes on to the 6th.
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=3&day=1"));
    await settled(page, "March 2031");
    await setLayout(page, LAYOUTS[1]);
    await day(page, "2031-03-01").locator(".day-link").focus();
    await page.keyboard.press("Tab");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[data-date]")?.getAttribute("data-date")))
      .toBe("2031-03-05");
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest("[data-date]")?.getAttribute("data-date")))
      .toBe("2031-03-06");
    await expect.poll(() => query(page)).toMatchObject({ year: "2031", month: "3", day: "6" });
    await expect.poll(() => day(page, "2031-03-13").locator(".day-marks, .day-items").count()).toBe(0);

    // The week of the birthday lists it; a day of the week opens the day view with the deadline.
    await page.goto(siteUrl("calendar", "/?view=week&year=2031&month=3&day=14"));
    await settled(page, "March 10 – 16, 2031", findings, "week");
    await expectLink(day(page, "2031-03-14"), "Ada Lovelace turns 36", to.person);
    await page.getByRole("button", { name: "Next week" }).click();
    await settled(page, "March 17 – 23, 2031", findings, "week");
    await expectLink(day(page, "2031-03-20"), "Deadline: File the taxes", to.steps);
    await page.getByRole("link", { name: "Thursday, March 20" }).click();
    await settled(page, "Thursday, March 20, 2031", findings, "day");
    await expectLink(page.getByRole("tabpanel"), "Deadline: File the taxes", to.steps);
    expect(calls.at(-1)).toMatchObject({ from: "2031-03-20", to: "2031-03-20" });
    await page.goto(siteUrl("calendar", "/?view=day&year=2031&month=3&day=5"));
    await settled(page, "Wednesday, March 5, 2031");
    await expectLink(page.getByRole("tabpanel"), "2 journal entries", to.journal);
    await page.getByRole("button", { name: "Next day" }).click();
    await settled(page, "Thursday, March 6, 2031");
    await page.getByText("Nothing on this day.").waitFor();

    // The year: one call for the whole of it, and its days that hold something open them.
    const before = calls.length;
    await tab(page, "Year").click();
    await settled(page, "2031", findings, "year");
    expect(calls.slice(before)).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ from: "2031-01-01", to: "2031-12-31" });
    for (const date of ["2031-03-05", "2031-03-14", "2031-03-20"])
      await expect.poll(() => day(page, date).getAttribute("class")).toContain("has-items");
    await expect.poll(() => day(page, "2031-03-15").getAttribute("class")).not.toContain("has-items");
    await day(page, "2031-03-14").getByRole("link").click();
    await settled(page, "Friday, March 14, 2031");
    await expectLink(page.getByRole("tabpanel"), "Ada Lovelace turns 36", to.person);

    expect(refused).toEqual([]);
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await context.close();
  });

  it("speaks Russian: month and weekday names from Intl, the tabs, and plurals", async () => {
    const { account, stepsId } = await accountWithDays();
    const context = await newContext(browser(), { width: 360 });
    const page = await context.newPage();
    await addSession(page, account);
    await setLocale(context, "ru");
    const findings: Record<string, string[]> = {};

    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=3"));
    await settled(page, "Март 2031", findings, "month");
    await expect
      .poll(() => page.locator(".month-grid th [aria-hidden='true']").allTextContents())
      .toEqual(["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]);
    for (const name of ["Год", "Месяц", "Неделя", "День"]) await tab(page, name).waitFor();
    await page.getByRole("button", { name: "Следующий месяц" }).click();
    await settled(page, "Апрель 2031");

    await tab(page, "Год").click();
    await settled(page, "2031");
    await expect.poll(() => page.locator(".mini-month-title").first().textContent()).toBe("Январь");
    await expect.poll(() => page.locator(".mini-month-title").nth(2).textContent()).toBe("Март");

    await page.goto(siteUrl("calendar", "/?view=week&year=2031&month=3&day=14"));
    await settled(page, "10–16 марта 2031");
    await expectLink(day(page, "2031-03-14"), "Ada Lovelace: исполняется 36 лет", links(stepsId).person);
    await page.goto(siteUrl("calendar", "/?view=day&year=2031&month=3&day=5"));
    await settled(page, "Среда, 5 марта 2031");
    await expectLink(page.getByRole("tabpanel"), "2 записи в журнале", links(stepsId).journal);
    await page.goto(siteUrl("calendar", "/?view=day&year=2031&month=3&day=20"));
    await expectLink(page.getByRole("tabpanel"), "Срок: File the taxes", links(stepsId).steps);

    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await context.close();
  });
});
