import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { audit } from "./axe.ts";
import { callApi, createAccount, inEachLayout, siteUrl } from "./browser.ts";

// The helpers of the calendar site's e2e files (calendar-views, calendar-days).

/**
 * How far anything sticks out sideways: past the viewport (a sideways scroll), or past
 * the main column's padding (a calendar wider than its place, even when the page still fits).
 */
export const overflows = (page: Page) =>
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
export const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });

export const title = (page: Page) => page.locator("h1.calendar-title");
export const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
export const day = (page: Page, date: string) => page.locator(`[data-date="${date}"]`);
export const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * The period's title once it reads `text` and the data (if any) has come in, then the same checks in every
 * view and in each layout (narrow and light, wide and dark): nothing overflows, and, when `screen` is
 * given (month, year, week or day) and not yet in `findings`, axe audits it once a layout. axe runs once a
 * screen and theme: a screen already audited in a test is only looked at for overflow. The page is left
 * narrow and light.
 */
export async function settled(page: Page, text: string, findings?: Record<string, string[]>, screen?: string) {
  await title(page).filter({ hasText: text }).waitFor();
  await page.locator("[role='tabpanel']:not([aria-busy='true'])").waitFor();
  const toAudit = findings !== undefined && screen !== undefined && !(screen in findings);
  const seen = await inEachLayout(page, async () => {
    await expect.poll(() => overflows(page)).toBeLessThanOrEqual(0);
    return toAudit ? audit(page, `calendar: the ${screen}`) : [];
  });
  if (toAudit) findings[screen] = seen.flat();
}

/** Every GET /api/calendar the page makes, as its query. */
export function calendarCalls(page: Page) {
  const calls: Record<string, string>[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/calendar") calls.push(Object.fromEntries(url.searchParams));
  });
  return calls;
}

export async function setLocale(context: BrowserContext, locale: "en" | "ru") {
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
}

/** A person whose 36th birthday is 14 March 2031, a steps list due 20 March 2031, two journal entries on 5 March 2031. */
export async function accountWithDays() {
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
export const LONG_NAME = "Maximilian Alexander Bartholomew Featherstonehaugh";

export const links = (stepsId: number) => ({
  person: siteUrl("people", `/?q=${encodeURIComponent("Ada Lovelace")}`),
  steps: siteUrl("steps", `/${stepsId}`),
  journal: siteUrl("journal", "/?day=2031-03-05"),
});

export async function expectLink(scope: Locator, name: string, href: string) {
  const link = scope.getByRole("link", { name, exact: true });
  await link.waitFor();
  await expect.poll(() => link.getAttribute("href")).toBe(href);
}
