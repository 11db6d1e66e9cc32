import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  inEachLayout,
  LAYOUTS,
  layoutContext,
  newContext,
  setLayout,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

/**
 * How far anything sticks out sideways: past the viewport (a sideways scroll), or past
 * the main column's padding (a calendar wider than its place, even when the page still fits).
 */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return Number.POSITIVE_INFINITY;
    const edge = main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
    const widest = Math.max(
      ...[...main.querySelectorAll<HTMLElement>(".calendar *")]
        .filter((el) => !el.closest(".visually-hidden, .day-summary") && el.getClientRects().length > 0)
        .map((el) => el.getBoundingClientRect().right),
    );
    return Math.max(document.documentElement.scrollWidth - document.documentElement.clientWidth, widest - edge - 0.5);
  });

/** The browser's own local date, "YYYY-MM-DD": the calendar's today. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

const title = (page: Page) => page.locator("h1.calendar-title");
const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const day = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * The period's title once it reads `text` and the data (if any) has come in, then the same checks in every
 * view and in each layout (narrow and light, wide and dark): nothing overflows, and axe has audited this
 * view (`screen`: month, year, week or day) once a layout. The page is left narrow and light.
 */
async function settled(page: Page, text: string, findings: Record<string, string[]>, screen: string) {
  await title(page).filter({ hasText: text }).waitFor();
  await page.locator("[role='tabpanel']:not([aria-busy='true'])").waitFor();
  const audited = screen in findings;
  const seen = await inEachLayout(page, async () => {
    await expect.poll(() => overflows(page)).toBeLessThanOrEqual(0);
    return audited ? [] : audit(page);
  });
  if (!audited) findings[screen] = seen.flat();
}

/** Every GET /api/calendar the page makes, as its query. */
function calendarCalls(page: Page) {
  const calls: Record<string, string>[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/calendar") calls.push(Object.fromEntries(url.searchParams));
  });
  return calls;
}

async function setLocale(context: BrowserContext, locale: "en" | "ru") {
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
}

/** A person whose 36th birthday is 14 March 2031, a steps list due 20 March 2031, two journal entries on 5 March 2031. */
async function accountWithDays() {
  const account = await createAccount("Planner");
  await callApi(account.token, "POST", "/api/people", {
    name: "Ada Lovelace",
    email: "ada@example.com",
    birthDate: "1995-03-14",
    tags: [],
  });
  const steps = (await callApi(account.token, "POST", "/api/steps", { name: "File the taxes" })) as {
    data: { id: number };
  };
  const stepsId = steps.data.id;
  // Noon UTC: the same calendar day in any zone the browser may run in (UTC−11 to UTC+11).
  await callApi(account.token, "PUT", `/api/steps/${stepsId}`, {
    id: stepsId,
    name: "File the taxes",
    deadline: "2031-03-20T12:00:00.000Z",
  });
  for (const text of ["first", "second"])
    await callApi(account.token, "POST", "/api/journal/entries", { text, date: "2031-03-05T12:00:00.000Z" });
  return { account, stepsId };
}

/** A name longer than a month's cell is wide. */
const LONG_NAME = "Maximilian Alexander Bartholomew Featherstonehaugh";

const links = (stepsId: number) => ({
  person: siteUrl("people", `/?q=${encodeURIComponent("Ada Lovelace")}`),
  steps: siteUrl("steps", `/${stepsId}`),
  journal: siteUrl("journal", "/?day=2031-03-05"),
});

async function expectLink(scope: Locator, name: string, href: string) {
  const link = scope.getByRole("link", { name, exact: true });
  await link.waitFor();
  await expect.poll(() => link.getAttribute("href")).toBe(href);
}

describe("the calendar site", () => {
  it("signed out, narrow and wide: four views, carets across a year's end, deep links, today", async () => {
    const context = await layoutContext(browser());
    const page = await context.newPage();
    const calls = calendarCalls(page);
    const refused = cspRefusals(page);
    const findings: Record<string, string[]> = {};

    // December → next → January of the next year, and back; Back in the browser undoes a step.
    await page.goto(siteUrl("calendar", "/?view=month&year=2025&month=12"));
    await settled(page, "December 2025", findings, "month");
    await expect.poll(() => tab(page, "Month").getAttribute("aria-selected")).toBe("true");
    // Weeks start on Monday: Mon … Sun over the grid, and 1 December 2025 (a Monday) first.
    await expect
      .poll(() => page.locator(".month-grid th [aria-hidden='true']").allTextContents())
      .toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    await expect
      .poll(() => page.locator(".month-grid tbody tr").first().locator("td").first().getAttribute("data-date"))
      .toBe("2025-12-01");
    // The sign-in link, in words: the calendar works without, its days' data needs it.
    const signInLink = page.locator(".calendar-status").getByRole("link", { name: "Sign in" });
    await expect
      .poll(() => signInLink.getAttribute("href"))
      .toBe(`${siteUrl("auth", "/login")}?next=${encodeURIComponent(page.url())}`);
    await page.getByRole("button", { name: "Next month" }).click();
    await settled(page, "January 2026", findings, "month");
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
    await settled(page, "2025", findings, "year");
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
    await settled(page, "2026", findings, "year");
    await page.getByRole("button", { name: "Previous year" }).click();
    await title(page).filter({ hasText: "2025" }).waitFor();
    // A small month's name opens that month.
    await page.getByRole("link", { name: "February", exact: true }).click();
    await settled(page, "February 2025", findings, "month");
    expect(query(page)).toMatchObject({ view: "month", year: "2025", month: "2" });

    // The week view: Monday to Sunday, across the year's end.
    await page.goto(siteUrl("calendar", "/?view=week&year=2025&month=12&day=31"));
    await settled(page, "2026", findings, "week");
    await expect
      .poll(() => page.locator(".week-day").evaluateAll((els) => els.map((e) => e.getAttribute("data-date"))))
      .toEqual(["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]);
    await page.getByRole("button", { name: "Next week" }).click();
    await settled(page, "January 5 – 11, 2026", findings, "week");
    await page.getByRole("button", { name: "Previous week" }).click();
    await page.getByRole("button", { name: "Previous week" }).click();
    await title(page).filter({ hasText: "December 22 – 28, 2025" }).waitFor();

    // The day view, from the week's day, and a day's step over New Year.
    await page.goto(siteUrl("calendar", "/?view=week&year=2025&month=12&day=31"));
    await page.getByRole("link", { name: "Wednesday, December 31" }).click();
    await settled(page, "Wednesday, December 31, 2025", findings, "day");
    await expect.poll(() => tab(page, "Day").getAttribute("aria-selected")).toBe("true");
    await page.getByRole("button", { name: "Next day" }).click();
    await settled(page, "Thursday, January 1, 2026", findings, "day");
    await page.getByRole("button", { name: "Previous day" }).click();
    await title(page).filter({ hasText: "Wednesday, December 31, 2025" }).waitFor();

    // A deep link opens its month; February 2031 starts on a Saturday.
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=2"));
    await settled(page, "February 2031", findings, "month");
    const firstRow = page.locator(".month-grid tbody tr").first().locator("td");
    await expect.poll(() => firstRow.nth(5).getAttribute("data-date")).toBe("2031-02-01");
    await expect.poll(() => firstRow.nth(0).getAttribute("class")).toContain("other-month");
    await expect.poll(() => page.locator(".month-grid tbody td:not(.other-month)").count()).toBe(28);

    // A deep link to a day that cannot be opens the nearest one, and the address is corrected to say it.
    await page.goto(siteUrl("calendar", "/?view=month&year=2031&month=13"));
    await settled(page, "December 2031", findings, "month");
    await expect.poll(() => query(page)).toEqual({ view: "month", year: "2031", month: "12", day: "1" });
    await page.goto(siteUrl("calendar", "/?view=day&year=2023&month=2&day=29"));
    await settled(page, "Tuesday, February 28, 2023", findings, "day");
    await expect.poll(() => query(page)).toEqual({ view: "day", year: "2023", month: "2", day: "28" });
    // The correction replaces the address: Back goes to the page before, not to the impossible day.
    await page.goBack();
    await title(page).filter({ hasText: "December 2031" }).waitFor();

    // Today is marked, in every view.
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
      findings[`today-${view}`] = (await inEachLayout(page, () => audit(page))).flat();
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
      expect(await audit(page)).toEqual([]);

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
    await settled(page, "March 2031", findings, "month");
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
    await settled(page, "March 2031", findings, "month-keys");
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
    await settled(page, "Wednesday, March 5, 2031", findings, "day-entries");
    await expectLink(page.getByRole("tabpanel"), "2 journal entries", to.journal);
    await page.getByRole("button", { name: "Next day" }).click();
    await settled(page, "Thursday, March 6, 2031", findings, "day-empty");
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
    await settled(page, "Friday, March 14, 2031", findings, "day-from-year");
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
    await settled(page, "Апрель 2031", findings, "month");

    await tab(page, "Год").click();
    await settled(page, "2031", findings, "year");
    await expect.poll(() => page.locator(".mini-month-title").first().textContent()).toBe("Январь");
    await expect.poll(() => page.locator(".mini-month-title").nth(2).textContent()).toBe("Март");

    await page.goto(siteUrl("calendar", "/?view=week&year=2031&month=3&day=14"));
    await settled(page, "10–16 марта 2031", findings, "week");
    await expectLink(day(page, "2031-03-14"), "Ada Lovelace: исполняется 36 лет", links(stepsId).person);
    await page.goto(siteUrl("calendar", "/?view=day&year=2031&month=3&day=5"));
    await settled(page, "Среда, 5 марта 2031", findings, "day");
    await expectLink(page.getByRole("tabpanel"), "2 записи в журнале", links(stepsId).journal);
    await page.goto(siteUrl("calendar", "/?view=day&year=2031&month=3&day=20"));
    await expectLink(page.getByRole("tabpanel"), "Срок: File the taxes", links(stepsId).steps);

    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    await context.close();
  });
});
