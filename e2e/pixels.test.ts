import { describe, expect, it } from "vitest";
import { auditEachLayout } from "./axe.ts";
import {
  addSession,
  callApi,
  createAccount,
  LAYOUTS,
  layoutContext,
  setLayout,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

// The year in pixels (pages/journal/src/pixels): the account's profile zone is UTC (no zone at sign-up), so each
// entry's day is its UTC date. Worked out by hand: 12 March holds moods 4 and 5 (mean 4.5, coloured as 5),
// 13 March a 1, 4 July a 3; three days with a mood in 2026, none in 2025.
describe("a year in pixels", () => {
  it("colours each day by its mood, moves by keys, opens a day, narrow and wide, in English and Russian", async () => {
    const account = await createAccount("Pixel Keeper");
    for (const [date, mood] of [
      ["2026-03-12T10:00:00.000Z", 4],
      ["2026-03-12T20:00:00.000Z", 5],
      ["2026-03-13T09:00:00.000Z", 1],
      ["2026-07-04T12:00:00.000Z", 3],
    ] as const)
      await callApi(account.token, "POST", "/api/journal/entries", {
        text: `felt ${mood}`,
        date,
        metrics: [{ name: "mood", value: mood }],
      });
    const context = await layoutContext(browser());
    const page = await context.newPage();
    // Friday 27 November 2026: the year shown first is 2026, and today is its 27 November.
    await page.clock.setFixedTime(new Date("2026-11-27T11:45:00.000Z"));
    await addSession(page, account);
    await page.goto(siteUrl("journal", "/"));
    // On a phone the tools are under the Stacks tab.
    await page.getByRole("tab", { name: "Stacks" }).click();
    await page.getByRole("link", { name: "year in pixels" }).click();
    const summary = page.getByTestId("pixels-summary");
    await expect.poll(() => summary.textContent()).toBe("Days with a mood in 2026: 3");
    const day = (date: string) => page.locator(`.pixel[data-date="${date}"]`);
    expect(await page.locator(".pixels-grid .pixel").count()).toBe(365);
    expect(await day("2026-03-12").getAttribute("aria-label")).toBe("March 12, 2026: mood 4.5");
    expect(await day("2026-03-12").getAttribute("data-mood")).toBe("5");
    expect(await day("2026-03-13").getAttribute("data-mood")).toBe("1");
    expect(await day("2026-07-04").getAttribute("aria-label")).toBe("July 4, 2026: mood 3");
    expect(await day("2026-07-05").getAttribute("aria-label")).toBe("July 5, 2026: no mood");
    // One tab stop, on today.
    expect(await page.locator('.pixels-grid [tabindex="0"]').getAttribute("data-date")).toBe("2026-11-27");
    expect(await auditEachLayout(page, "journal: the year in pixels")).toEqual([]);

    // Narrow: months are columns. Up a day, eight months back, to the 1st, eleven days down: 12 March.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-date"));
    const readout = page.getByTestId("pixels-readout");
    await day("2026-11-27").focus();
    await page.keyboard.press("ArrowUp");
    await expect.poll(focused).toBe("2026-11-26");
    await expect.poll(() => readout.textContent()).toBe("November 26, 2026: no mood");
    for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Home");
    for (let i = 0; i < 11; i++) await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe("2026-03-12");
    await expect.poll(() => readout.textContent()).toBe("March 12, 2026: mood 4.5");
    expect(await page.locator('.pixels-grid [tabindex="0"]').count()).toBe(1);
    // Wide: months are rows. Down is a month on, right a day on.
    await setLayout(page, LAYOUTS[1]);
    await day("2026-03-12").focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toBe("2026-04-12");
    await page.keyboard.press("ArrowRight");
    await expect.poll(focused).toBe("2026-04-13");
    await setLayout(page, LAYOUTS[0]);

    // The year before: nothing in it, said in words; and back.
    await page.getByRole("button", { name: "Previous year, 2025" }).click();
    await expect
      .poll(() => summary.textContent())
      .toBe("No moods in 2025 yet. Pick a mood when you write an entry, and its day takes its colour.");
    expect(page.url()).toBe(siteUrl("journal", "/pixels?year=2025"));
    await page.getByRole("button", { name: "Next year, 2026" }).click();
    await expect.poll(() => summary.textContent()).toBe("Days with a mood in 2026: 3");

    // In Russian: the words, the days' names and the numbers the reader's way.
    await page.getByTestId("lang-toggle").click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Год в пикселях");
    await expect.poll(() => summary.textContent()).toBe("Дней с настроением в 2026 году: 3");
    expect(await day("2026-03-12").getAttribute("aria-label")).toBe("12 марта 2026 г.: настроение 4,5");
    expect(await page.locator(".pixels-legend").textContent()).toContain("Без настроения");
    expect(await auditEachLayout(page, "journal: the year in pixels")).toEqual([]);

    // Enter opens the day's entries: the journal's search of that one day.
    await day("2026-03-12").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.url()).toBe(siteUrl("journal", "/?from=2026-03-12&to=2026-03-12"));
    await page.getByText("felt 5").waitFor();
    await expect.poll(() => page.getByTestId("entry").count()).toBe(2);
    await context.close();
  });
});
