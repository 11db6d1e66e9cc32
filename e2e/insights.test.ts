import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  cspRefusals,
  newContext,
  siteUrl,
  useBrowser,
  useCspRefusals,
} from "./browser.ts";

const browser = useBrowser();
// Nothing the page does is refused by the Content-Security-Policy (the weekdays' bars are sized by script).
const refused = useCspRefusals();
const DAY = 86_400_000;

// The Insights view (pages/journal/src/insights/): what the API finds, in words, in English and Russian,
// narrow and light then wide and dark, axe clean in each. The statistics' own figures are the workerd tests'.
describe("insights", () => {
  it("writes the findings and the weekdays in words, in en and ru, at 360 and 1280 px", async () => {
    const account = await createAccount("Insightful");
    // 30 days up to yesterday, at noon UTC (the same local day in the profile's zone, whatever it is within
    // ±11 h): #run on the even ones with a mood of 5, the odd ones 2 — a difference of 3.0 over 15 days each.
    const today = Date.now() - (Date.now() % DAY);
    for (let i = 1; i <= 30; i++)
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: "",
        tags: i % 2 ? [] : ["run"],
        metrics: [{ name: "mood", value: i % 2 ? 2 : 5 }],
        date: new Date(today - i * DAY + 12 * 3_600_000).toISOString(),
      });
    const context = await newContext(browser(), { width: 360, colorScheme: "light" });
    const page = await context.newPage();
    cspRefusals(page, refused);
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/insights"));
    const finding = page.locator(".insights-finding").first();
    await expect.poll(() => finding.textContent()).toContain("Your mood is 3.0 higher on days with #run (15 days)");
    await expect
      .poll(() => page.locator(".insights-finding").nth(1).textContent())
      .toContain("Your mood is 3.0 lower on the day after #run (15 days)");
    await expect.poll(() => page.locator(".insights-range").textContent()).toContain("30 days with a mood");
    // Every weekday of 30 days has four or five of them.
    await expect.poll(() => page.getByRole("row", { name: /^Monday/ }).count()).toBe(1);
    expect(await auditEachLayout(page, "journal: insights")).toEqual([]);
    // The span from the keyboard: the next choice, the last 3 years, kept in the address.
    const range = page.locator(".insights-range");
    const year = await range.textContent();
    await page.getByLabel("Days").focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => new URL(page.url()).search).toBe("?span=1095");
    // The API's answer for the new span: its first day moved, the same 30 days in it.
    await expect.poll(() => range.textContent()).not.toBe(year);
    expect(await range.textContent()).toContain("30 days with a mood");

    await page.getByTestId("lang-toggle").click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Выводы");
    await expect.poll(() => finding.textContent()).toContain("Настроение на 3,0 выше в дни с #run (15 дней)");
    await expect.poll(() => page.getByRole("row", { name: /^Понедельник/ }).count()).toBe(1);
    expect(await auditEachLayout(page, "journal: insights")).toEqual([]);
    await context.close();
  });
});
