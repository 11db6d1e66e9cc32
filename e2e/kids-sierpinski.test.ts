import { describe, expect, it } from "vitest";
import { audit } from "./axe.ts";
import { cspRefusals, newContext, siteUrl, useBrowser } from "./browser.ts";
import {
  alertText,
  BOTTOM_LEFT,
  BOTTOM_RIGHT,
  button,
  clickDrawing,
  focusedText,
  near,
  painted,
  pixelAt,
  sierpinski,
  TOP,
} from "./kids-fixtures.ts";

const browser = useBrowser();

describe("the kids site", () => {
  it("home: four tiles, each with a picture and a line, linking to its toy", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const refused = cspRefusals(page);
    await page.goto(siteUrl("kids"));
    await page.getByRole("heading", { name: "Kids" }).waitFor();
    const tiles = page.locator(".kids-tile");
    await expect.poll(() => tiles.count()).toBe(4);
    const links: [string, string, string][] = [
      ["Alphabet", "/alphabet", "Letters with pictures in four languages"],
      ["Numbers", "/numbers", "The digits from 0 to 9"],
      ["sierpinski", "/sierpinski", "A triangle that draws itself, point by point"],
      ["lense", "/lense", "Mirror a picture across a line"],
    ];
    for (const [name, href, about] of links) {
      const link = page.getByRole("link", { name, exact: true });
      await expect.poll(() => link.getAttribute("href")).toBe(href);
      await link.getByText(about).waitFor();
      await expect.poll(() => link.locator("svg.kids-tile-picture > *").count()).toBeGreaterThan(0);
    }
    await expect
      .poll(() => tiles.allTextContents())
      .toEqual(links.map(([name, , about]) => expect.stringContaining(name + about)));
    expect(await audit(page, "kids: the home")).toEqual([]);

    for (const [name, href] of links) {
      await page.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(siteUrl("kids", href));
      await page.goBack();
      await page.waitForURL(siteUrl("kids", "/"));
    }
    await page.getByRole("link", { name: "sierpinski", exact: true }).click();
    await page.getByRole("heading", { name: "sierpinski" }).waitFor();
    expect(refused).toEqual([]);
    await context.close();
  });

  it("sierpinski: refuses a point outside, takes one inside, draws the first midpoint, adds 1, 10 and 100", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const refused = cspRefusals(page);
    await page.goto(siteUrl("kids", "/sierpinski"));
    const canvas = sierpinski.canvas(page);
    await canvas.waitFor();
    await expect.poll(() => canvas.evaluate((el: HTMLCanvasElement) => el.getBoundingClientRect().width)).toBe(500);
    await expect.poll(() => sierpinski.step(page).textContent()).toBe("Step 0: pick a point inside the triangle");
    await expect.poll(() => sierpinski.count(page).textContent()).toBe("0 points drawn");
    // The vertices, as dots of the vertex ink.
    const vertexInk = await painted(page, await sierpinski.ink(page, "vertex"));
    for (const v of [TOP, BOTTOM_LEFT, BOTTOM_RIGHT]) expect(near(await pixelAt(canvas, v), vertexInk, 3)).toBe(true);

    // Outside (the top left corner): refused in words, still step 0.
    await clickDrawing(canvas, { x: 30, y: 30 });
    await alertText(page).getByText("That point is outside the triangle. Pick a point inside it.").waitFor();
    await expect.poll(() => sierpinski.step(page).textContent()).toBe("Step 0: pick a point inside the triangle");

    // Inside: taken, the starting dot drawn, step 1.
    const start = { x: 250, y: 300 };
    await clickDrawing(canvas, start);
    await sierpinski.step(page).getByText("Step 1: choose a vertex").waitFor();
    await expect.poll(() => alertText(page).count()).toBe(0);
    const startInk = await painted(page, await sierpinski.ink(page, "start"));
    await expect.poll(async () => near(await pixelAt(canvas, start), startInk, 3)).toBe(true);

    // Away from every vertex: not a choice.
    await clickDrawing(canvas, { x: 250, y: 250 });
    await alertText(page).getByText("That is not near a vertex. Click closer to one, or use a button.").waitFor();

    // Near the top vertex: chosen; the first midpoint is drawn halfway there.
    const first = { x: 250, y: 171.94 }; // halfway from (250, 300) to the top (250, 43.89)
    expect((await pixelAt(canvas, first))[3]).toBe(0);
    await clickDrawing(canvas, { x: TOP.x + 8, y: TOP.y + 12 });
    await sierpinski.step(page).getByText("Step 2: add points").waitFor();
    await expect.poll(() => alertText(page).count()).toBe(0);
    await sierpinski.count(page).getByText("1 point drawn").waitFor();
    const pointInk = await painted(page, await sierpinski.ink(page, "point"));
    const dot = await pixelAt(canvas, first);
    expect(dot[3]).toBeGreaterThan(100);
    expect(near(dot, pointInk, 12)).toBe(true);
    // Nothing anywhere else on that line of the triangle yet.
    expect((await pixelAt(canvas, { x: 250, y: 120 }))[3]).toBe(0);

    await button(page, "Add 1").click();
    await sierpinski.count(page).getByText("2 points drawn").waitFor();
    await button(page, "Add 10").click();
    await sierpinski.count(page).getByText("12 points drawn").waitFor();
    await button(page, "Add 100").click();
    await sierpinski.count(page).getByText("112 points drawn").waitFor();
    // The steps done are ticked off, the current one marked.
    await expect.poll(() => page.locator(".sierpinski-step-done").count()).toBe(2);

    // The theme changes: everything again in the new inks (the light theme's points are another colour).
    await page.getByRole("button", { name: "Nook: switch to the light theme" }).click();
    const lightInk = await painted(page, await sierpinski.ink(page, "point"));
    expect(near(lightInk, pointInk, 12)).toBe(false);
    await expect.poll(async () => near(await pixelAt(canvas, first), lightInk, 12)).toBe(true);
    await expect.poll(() => sierpinski.count(page).textContent()).toBe("112 points drawn");

    // Start over: step 0, no points, only the triangle.
    await button(page, "Start over").click();
    await expect.poll(() => sierpinski.step(page).textContent()).toBe("Step 0: pick a point inside the triangle");
    await expect.poll(() => sierpinski.count(page).textContent()).toBe("0 points drawn");
    await expect.poll(async () => (await pixelAt(canvas, first))[3]).toBe(0);
    await expect.poll(async () => (await pixelAt(canvas, start))[3]).toBe(0);
    await expect.poll(() => button(page, "Start over").count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });

  it("sierpinski by keyboard: a random point, a vertex by its button, points; the focus follows", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/sierpinski"));
    await button(page, "Pick a random point").focus();
    await page.keyboard.press("Enter");
    await sierpinski.step(page).getByText("Step 1: choose a vertex").waitFor();
    await expect.poll(() => focusedText(page)).toBe("Top");
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedText(page)).toBe("Bottom left");
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedText(page)).toBe("Bottom right");
    await page.keyboard.press("Enter");
    await sierpinski.step(page).getByText("Step 2: add points").waitFor();
    await sierpinski.count(page).getByText("1 point drawn").waitFor();
    await expect.poll(() => focusedText(page)).toBe("Add 1");
    await page.keyboard.press("Enter");
    await sierpinski.count(page).getByText("2 points drawn").waitFor();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await sierpinski.count(page).getByText("12 points drawn").waitFor();
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedText(page)).toBe("Add 100");
    await page.keyboard.press("Space");
    await sierpinski.count(page).getByText("112 points drawn").waitFor();
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedText(page)).toBe("Start over");
    await page.keyboard.press("Enter");
    await sierpinski.step(page).getByText("Step 0: pick a point inside the triangle").waitFor();
    await expect.poll(() => focusedText(page)).toBe("Pick a random point");
    await context.close();
  });

  it("sierpinski stays smooth up to 100,000 points: each batch costs the same, the page answers at once", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/sierpinski"));
    await button(page, "Pick a random point").click();
    await button(page, "Bottom right").click();
    await sierpinski.count(page).getByText("1 point drawn").waitFor();

    // 999 clicks of 'Add 100', each timed from the click to the drawn batch and the new count (rendered at once).
    const times = await page.evaluate(async () => {
      const add = [...document.querySelectorAll("button")].find((b) => b.textContent === "Add 100")!;
      const took: number[] = [];
      for (let i = 0; i < 999; i++) {
        const t0 = performance.now();
        add.click();
        took.push(performance.now() - t0);
        // Let the page breathe now and then, as between a person's clicks.
        if (i % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return took;
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const early = mean(times.slice(10, 110));
    const late = mean(times.slice(-100));
    // The last batches (past 90,000 points) cost about what the first ones did: no redrawing of everything.
    expect(late).toBeLessThan(early * 3 + 2);
    expect(Math.max(...times.slice(-100))).toBeLessThan(100);
    await sierpinski.count(page).getByText("99,901 points drawn").waitFor();
    for (let i = 0; i < 9; i++) await button(page, "Add 10").click();
    for (let i = 0; i < 9; i++) await button(page, "Add 1").click();
    await sierpinski.count(page).getByText("100,000 points drawn").waitFor();

    // Still answering: one more batch, timed through a real click.
    const t0 = Date.now();
    await button(page, "Add 100").click();
    await sierpinski.count(page).getByText("100,100 points drawn").waitFor();
    expect(Date.now() - t0).toBeLessThan(1000);
    await context.close();
  });

  it("sierpinski in Russian: the steps and the count's plural", async () => {
    const context = await newContext(browser());
    await context.addCookies([{ name: "locale", value: "ru", domain: ".nook.localhost", path: "/" }]);
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/sierpinski"));
    await expect.poll(() => sierpinski.step(page).textContent()).toBe("Шаг 0: выберите точку внутри треугольника");
    await page.getByRole("status").getByText("Нарисовано 0 точек").waitFor();
    await button(page, "Выбрать случайную точку").click();
    await button(page, "Верхняя").click();
    await page.getByRole("status").getByText("Нарисована 1 точка").waitFor();
    await button(page, "Добавить 1").click();
    await page.getByRole("status").getByText("Нарисовано 2 точки").waitFor();
    for (let i = 0; i < 10; i++) await button(page, "Добавить 100").click();
    // Russian groups thousands with a (narrow) no-break space.
    await expect
      .poll(async () =>
        (await page.getByRole("status").filter({ hasText: "Нарисован" }).textContent())?.replace(/\s/g, " "),
      )
      .toBe("Нарисовано 1 002 точки");
    await page.goto(siteUrl("kids", "/"));
    await page.getByRole("link", { name: "Азбука", exact: true }).waitFor();
    await page.getByRole("link", { name: "серпинский", exact: true }).waitFor();
    await context.close();
  });
});
