import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addSession, callApi, createAccount, newContext, siteUrl, useBrowser } from "./browser.ts";

const browser = useBrowser();

/**
 * Sunday 6 December 2026: the heatmap's newest column holds six days of December, so the month's
 * name starts in the last column and would run past the grid's right edge.
 */
const NOW = new Date("2026-12-06T12:00:00Z");
const GAPS = "Longest gaps between cups";

/** A stack with a heatmap, then five statistics: four share the first row, the fifth is alone on the next. */
async function teaStack() {
  const account = await createAccount("Layout");
  for (const date of ["2026-11-20T10:00:00Z", "2026-11-22T10:00:00Z", "2026-10-02T10:00:00Z", "2026-06-15T10:00:00Z"])
    await callApi(account.token, "POST", "/api/journal/entries", { text: "tea", tags: ["tea"], date });
  const stack = (await callApi(account.token, "POST", "/api/journal/stacks", { name: "Tea", icon: "☕" })) as {
    id: number;
  };
  for (const [title, type] of [
    ["Year", "calendar"],
    [GAPS, "top time between"],
    ["Mean gap", "avg"],
    ["How many", "sum"],
    ["Since", "time since"],
    ["Lone", "velocity"],
  ])
    await callApi(account.token, "POST", "/api/journal/stack-items", {
      stackId: stack.id,
      title,
      type,
      config: { filter: [{ name: "tea" }] },
    });
  return { account, stack };
}

async function open(width: number, locale: "en" | "ru", tea: Awaited<ReturnType<typeof teaStack>>) {
  const context = await newContext(browser(), { width });
  await context.addCookies([{ name: "locale", value: locale, domain: ".nook.localhost", path: "/" }]);
  const page = await context.newPage();
  await page.clock.setFixedTime(NOW);
  await addSession(page, tea.account);
  await page.goto(siteUrl("journal", `/stacks/${tea.stack.id}`));
  await page.locator(".heat[data-date]").first().waitFor();
  await page.locator(".widget[data-type=velocity] .widget-figure").waitFor();
  return { context, page };
}

const widget = (page: Page, type: string) => page.locator(`.widget[data-type="${type}"]`);

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`no box for ${selector}`);
  return b;
}

/** The type label of the top time between card beside its title: right of it, inside the card. */
async function labelBesideTitle(page: Page) {
  const title = await box(page, '.widget[data-type="top time between"] .widget-title');
  const label = await box(page, '.widget[data-type="top time between"] .widget-type');
  const card = await box(page, '.widget[data-type="top time between"]');
  return label.x >= title.x + title.width && label.x + label.width <= card.x + card.width && label.y < title.y + 8;
}

/**
 * Month names shown in the heatmap that its scrolling region cuts (a stray letter or two): none. Measured by
 * the text's own extent (a Range), not the label's box: a box as narrow as its week lets the text run past it.
 */
const cutMonths = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector(".heatmap-scroll")!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>(".heatmap-months span")]
      .filter((s) => getComputedStyle(s).visibility !== "hidden")
      .filter((s) => {
        const range = document.createRange();
        range.selectNodeContents(s);
        const r = range.getBoundingClientRect();
        return r.left < region.left - 0.5 || r.right > region.right + 0.5;
      })
      .map((s) => s.textContent);
  });

const shownMonths = (page: Page) =>
  page
    .locator(".heatmap-months span")
    .evaluateAll((spans) => spans.filter((s) => getComputedStyle(s).visibility !== "hidden").length);

describe("the stack page's layout", () => {
  it("at 1280 px: labels beside their titles, a lone card takes its row, the heatmap fills its card", async () => {
    const tea = await teaStack();
    const { context, page } = await open(1280, "en", tea);
    try {
      await page.getByText(GAPS).waitFor();
      await expect.poll(() => labelBesideTitle(page)).toBe(true);

      // Four cards share the first row; the fifth, alone on the next, is as wide as the row (the heatmap's card).
      const row = await widget(page, "calendar").boundingBox();
      const tops = await page
        .locator(".stack-stats > .widget:not([data-type=calendar])")
        .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(new Set(tops.slice(0, 4)).size).toBe(1);
      expect(tops[4]).toBeGreaterThan(tops[0]!);
      const lone = await widget(page, "velocity").boundingBox();
      expect(Math.round(lone!.x)).toBe(Math.round(row!.x));
      expect(Math.round(lone!.width)).toBe(Math.round(row!.width));

      // The heatmap as wide as its region (the card's inside), and nothing to scroll.
      const region = await box(page, ".heatmap-scroll");
      const heatmap = await box(page, ".heatmap");
      expect(Math.abs(heatmap.width - region.width)).toBeLessThan(1);
      expect(Math.abs(heatmap.x - region.x)).toBeLessThan(1);
      const cells = await box(page, ".heat[data-date]");
      expect(cells.width).toBeGreaterThan(18);
      // December's name, begun in the last week, would run past the right edge: not shown cut, but not at all
      // until its weeks make room; the eleven before it are shown whole.
      await expect.poll(() => cutMonths(page)).toEqual([]);
      await expect.poll(() => shownMonths(page)).toBe(11);
    } finally {
      await context.close();
    }
  });

  for (const [width, locale] of [
    [360, "ru"],
    [320, "en"],
  ] as const)
    it(`at ${width} px in ${locale}: no month's name is cut by the heatmap's edges, scrolled either way`, async () => {
      const tea = await teaStack();
      const { context, page } = await open(width, locale, tea);
      try {
        await expect.poll(() => labelBesideTitle(page)).toBe(true);
        // The region starts at the newest weeks (scrolled to the right end).
        await expect.poll(() => cutMonths(page)).toEqual([]);
        await expect.poll(() => shownMonths(page)).toBeGreaterThanOrEqual(4);
        // Scrolled to the oldest weeks.
        await page.locator(".heatmap-scroll").evaluate((el) => {
          el.scrollLeft = -el.scrollWidth;
        });
        await expect.poll(() => cutMonths(page)).toEqual([]);
        await expect.poll(() => shownMonths(page)).toBeGreaterThanOrEqual(4);
      } finally {
        await context.close();
      }
    });
});
