import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { inEachLayout, layoutContext, newContext, overflows, siteUrl, useBrowser } from "./browser.ts";
import { alertText, BOTTOM_LEFT, clickDrawing, lenseWithPicture, pixelAt, sierpinski } from "./kids-fixtures.ts";

const browser = useBrowser();

describe("the kids site", () => {
  for (const [width, theme] of [
    [360, "light"],
    [1280, "dark"],
  ] as const)
    it(`fits ${width} px without sideways scrolling (${theme} theme), clicks mapped through the shown size`, async () => {
      const context = await newContext(browser(), { width, height: 800, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(siteUrl("kids"));
      await page.locator(".kids-tile").first().waitFor();
      await expect.poll(() => overflows(page)).toBe(0);
      if (theme === "light") expect(await audit(page, "kids: the home")).toEqual([]);

      await page.goto(siteUrl("kids", "/sierpinski"));
      const canvas = sierpinski.canvas(page);
      await canvas.waitFor();
      const shown = (await canvas.boundingBox())!;
      expect(shown.width).toBe(width === 360 ? 328 : 500);
      expect(shown.height).toBe(shown.width);
      await clickDrawing(canvas, { x: 470, y: 60 });
      await alertText(page).getByText("That point is outside the triangle.", { exact: false }).waitFor();
      await clickDrawing(canvas, { x: 250, y: 400 });
      await sierpinski.step(page).getByText("Step 1: choose a vertex").waitFor();
      await clickDrawing(canvas, { x: BOTTOM_LEFT.x + 10, y: BOTTOM_LEFT.y - 10 });
      await sierpinski.count(page).getByText("1 point drawn").waitFor();
      // Halfway from (250, 400) to the bottom left vertex (12, 456.11), wherever the canvas is shown.
      await expect.poll(async () => (await pixelAt(canvas, { x: 131, y: 428.06 }))[3]).toBeGreaterThan(100);
      await expect.poll(() => overflows(page)).toBe(0);

      const lensePage = await lenseWithPicture(context, 1600, 900);
      await expect.poll(() => overflows(lensePage)).toBe(0);
      await lensePage.getByText("Keeping the left side").waitFor();
      if (theme === "light") expect(await audit(lensePage, "kids: the lense with a picture")).toEqual([]);
      await context.close();
    });
});

describe("the kids' tiles", () => {
  /** How far each tile's text sits from its tile's centre, in px, across and down (the text's own box, by a Range). */
  const offCentre = (tiles: Locator) =>
    tiles.evaluateAll((els) =>
      els.map((el) => {
        const tile = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return [
          Math.round(Math.abs(text.left + text.width / 2 - (tile.left + tile.width / 2))),
          Math.round(Math.abs(text.top + text.height / 2 - (tile.top + tile.height / 2))),
        ];
      }),
    );

  const homeTiles = (page: Page) =>
    page.locator(".kids-tile").evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.querySelector(".kids-tile-name")!;
        return { width: Math.round(r.width), height: Math.round(r.height), weight: getComputedStyle(name).fontWeight };
      }),
    );

  it("centres each letter and digit in its tile, and the home's tiles stay as they were after the alphabet, narrow and wide", async () => {
    const context = await layoutContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids"));
    await expect.poll(() => page.locator(".kids-tile").count()).toBe(4);
    const tilesInEachLayout = () => inEachLayout(page, () => homeTiles(page));
    const before = await tilesInEachLayout();
    const centred = (tiles: Locator) =>
      inEachLayout(page, async () => {
        for (const [across, down] of await offCentre(tiles)) {
          expect(across).toBeLessThanOrEqual(1);
          expect(down).toBeLessThanOrEqual(1);
        }
      });

    await page.getByRole("link", { name: "Alphabet", exact: true }).click();
    const letters = page.locator(".letter-grid button");
    await expect.poll(() => letters.count()).toBeGreaterThan(20);
    await centred(letters);
    await page.goBack();
    await page.waitForURL(siteUrl("kids", "/"));
    await expect.poll(tilesInEachLayout).toEqual(before);

    await page.getByRole("link", { name: "Numbers", exact: true }).click();
    const digits = page.locator(".digit-grid button");
    await expect.poll(() => digits.count()).toBe(10);
    await centred(digits);
    await page.goBack();
    await page.waitForURL(siteUrl("kids", "/"));
    await expect.poll(tilesInEachLayout).toEqual(before);
    await context.close();
  });
});
