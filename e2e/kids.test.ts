import type { BrowserContext, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CANVAS_SIZE, type Point } from "../pages/kids/src/sierpinski/chaos-game.ts";
import { audit } from "./axe.ts";
import {
  cspRefusals,
  downloaded,
  inEachLayout,
  layoutContext,
  newContext,
  overflows,
  siteUrl,
  useBrowser,
} from "./browser.ts";

const browser = useBrowser();

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const alertText = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

type Rgba = [number, number, number, number];

/** A colour as the canvas would paint it: any CSS colour, resolved by a scratch canvas. */
const painted = (page: Page, css: string) =>
  page.evaluate((colour) => {
    const pen = new OffscreenCanvas(1, 1).getContext("2d")!;
    pen.fillStyle = colour;
    pen.fillRect(0, 0, 1, 1);
    return Array.from(pen.getImageData(0, 0, 1, 1).data) as [number, number, number, number];
  }, css);

const near = (a: readonly number[], b: readonly number[], tolerance: number) =>
  a.slice(0, 3).every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance);

// ——— sierpinski ———

/**
 * The triangle on the 500-unit drawing, worked out by hand: 12 units of margin leave a side of 476, its height
 * 476 × √3 / 2 = 412.23, centred from y = (500 − 412.23) / 2 = 43.89 to 456.11.
 */
const TOP = { x: 250, y: 43.89 };
const BOTTOM_LEFT = { x: 12, y: 456.11 };
const BOTTOM_RIGHT = { x: 488, y: 456.11 };

const sierpinski = {
  canvas: (page: Page) => page.getByRole("img", { name: "The triangle and the points drawn in it" }),
  step: (page: Page) => page.locator(".sierpinski-steps li[aria-current='step']"),
  count: (page: Page) => page.getByRole("status").filter({ hasText: /drawn/ }),
  ink: (page: Page, name: string) =>
    page.locator(`[data-ink="${name}"]`).evaluate((el) => getComputedStyle(el).color) as Promise<string>,
};

/** The strongest pixel in the 3 × 3 around a point of the drawing (the canvas may be drawn at a higher density). */
const pixelAt = (canvas: Locator, p: Point) =>
  canvas.evaluate(
    (el: HTMLCanvasElement, { x, y, size }) => {
      const scale = el.width / size;
      const data = el.getContext("2d")!.getImageData(Math.floor(x * scale) - 1, Math.floor(y * scale) - 1, 3, 3).data;
      let best = [0, 0, 0, 0];
      for (let i = 0; i < data.length; i += 4)
        if ((data[i + 3] as number) > (best[3] as number)) best = [...data.slice(i, i + 4)];
      return best as Rgba;
    },
    { x: p.x, y: p.y, size: CANVAS_SIZE },
  );

/** Clicks the canvas at a point of the drawing, through the size it is shown at. */
async function clickDrawing(canvas: Locator, p: Point) {
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: (p.x * box.width) / CANVAS_SIZE, y: (p.y * box.height) / CANVAS_SIZE } });
}

// ——— lense ———

/** A test picture: each column its own red and green, each row its own blue, fully opaque. */
const stripe = (x: number, y: number): Rgba => [x % 256, x < 256 ? 40 : 200, y % 256, 255];

/** A PNG of `stripe`, made by the page's own canvas. */
async function stripesPng(page: Page, width: number, height: number): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height }) => {
      const canvas = new OffscreenCanvas(width, height);
      const pixels = new ImageData(width, height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          pixels.data.set([x % 256, x < 256 ? 40 : 200, y % 256, 255], (y * width + x) * 4);
      canvas.getContext("2d")!.putImageData(pixels, 0, 0);
      return Array.from(new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer()));
    },
    { width, height },
  );
  return Buffer.from(bytes);
}

const lense = {
  result: (page: Page) => page.getByRole("img", { name: "The mirrored picture" }),
  picture: (page: Page) => page.getByRole("img", { name: "Your picture with the mirror line" }),
  line: (page: Page) => page.getByRole("slider", { name: "Line position" }),
  upload: (page: Page) => page.getByLabel("Upload a picture"),
};

/** A row of the result canvas's pixels and its size. */
const resultRow = (page: Page, y: number) =>
  lense.result(page).evaluate((el: HTMLCanvasElement, row) => {
    const data = el.getContext("2d")!.getImageData(0, row, el.width, 1).data;
    return { width: el.width, height: el.height, pixels: Array.from(data) };
  }, y);

/** The picture column each result column should show: the kept side as it was, its mirror on the other. */
function expectedColumn(width: number, line: number, keep: "left" | "right", c: number) {
  if (keep === "left") return c < line ? c : 2 * line - 1 - c;
  const kept = width - line;
  return c < kept ? line + kept - 1 - c : line + c - kept;
}

/** Every pixel of some rows of the result is the picture's pixel across the line. */
async function expectMirrored(
  page: Page,
  picture: { width: number; height: number },
  line: number,
  keep: "left" | "right",
) {
  const kept = keep === "left" ? line : picture.width - line;
  for (const y of [0, Math.floor(picture.height / 2), picture.height - 1]) {
    const { width, height, pixels } = await resultRow(page, y);
    expect({ width, height }).toEqual({ width: 2 * kept, height: picture.height });
    const wrong: string[] = [];
    for (let c = 0; c < width; c++) {
      const want = stripe(expectedColumn(picture.width, line, keep, c), y);
      const got = pixels.slice(c * 4, c * 4 + 4);
      if (!near(got, want, 2) || got[3] !== 255) wrong.push(`column ${c}: ${got} not ${want}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  }
}

async function lenseWithPicture(context: BrowserContext, width = 400, height = 200) {
  const page = await context.newPage();
  await page.goto(siteUrl("kids", "/lense"));
  await lense.upload(page).setInputFiles({
    name: "stripes.png",
    mimeType: "image/png",
    buffer: await stripesPng(page, width, height),
  });
  await lense.result(page).waitFor();
  return page;
}

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
    expect(await audit(page)).toEqual([]);

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
    expect(await audit(page)).toEqual([]);

    // The theme changes: everything again in the new inks (the light theme's points are another colour).
    await page.getByRole("button", { name: "Nook: switch to the light theme" }).click();
    const lightInk = await painted(page, await sierpinski.ink(page, "point"));
    expect(near(lightInk, pointInk, 12)).toBe(false);
    await expect.poll(async () => near(await pixelAt(canvas, first), lightInk, 12)).toBe(true);
    await expect.poll(() => sierpinski.count(page).textContent()).toBe("112 points drawn");
    expect(await audit(page)).toEqual([]);

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

  it("lense: an uploaded picture mirrored across the line; moved by slider, keys and drag; flipped; downloaded as PNG", async () => {
    const context = await newContext(browser());
    const empty = await context.newPage();
    const refused = cspRefusals(empty);
    await empty.goto(siteUrl("kids", "/lense"));
    await empty.getByText("No picture yet. Upload one or paste it to begin.").waitFor();
    await expect.poll(() => button(empty, "Download PNG").count()).toBe(0);
    expect(await audit(empty)).toEqual([]);
    await empty.close();

    const page = await lenseWithPicture(context);
    const refusedHere = cspRefusals(page);
    const picture = { width: 400, height: 200 };
    await expect.poll(() => page.getByText("No picture yet.").count()).toBe(0);
    const line = lense.line(page);
    await expect.poll(() => line.inputValue()).toBe("200");
    await expect.poll(() => line.getAttribute("max")).toBe("399");
    await expect.poll(() => line.getAttribute("aria-valuetext")).toBe("50% from the left");
    await page.getByText("Keeping the left side").waitFor();
    await expectMirrored(page, picture, 200, "left");

    // The slider.
    await line.fill("100");
    await expectMirrored(page, picture, 100, "left");
    // The keys.
    await line.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => line.inputValue()).toBe("102");
    await expectMirrored(page, picture, 102, "left");

    // Dragging on the picture: the line follows the pointer (the picture fills its box at this width).
    const box = (await lense.picture(page).boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.5, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 4 });
    await page.mouse.up();
    const dragged = Number(await line.inputValue());
    expect(Math.abs(dragged - 300)).toBeLessThanOrEqual(1);
    await expectMirrored(page, picture, dragged, "left");

    // Flip: the right side is kept and mirrored onto the left.
    await button(page, "Flip direction").click();
    await page.getByText("Keeping the right side").waitFor();
    await expectMirrored(page, picture, dragged, "right");
    await line.fill("150");
    await expectMirrored(page, picture, 150, "right");
    expect(await audit(page)).toEqual([]);

    // Download: a PNG named lense.png, the result's size.
    const downloading = page.waitForEvent("download");
    await button(page, "Download PNG").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("lense.png");
    const png = await downloaded(download);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 500, height: 200 });

    // Not a picture: said in words, the picture kept.
    await lense.upload(page).setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello") });
    await alertText(page).getByText("That file could not be read as a picture. Try another one.").waitFor();
    await expectMirrored(page, picture, 150, "right");

    // A big picture is scaled down to 2048 px a side.
    await lense.upload(page).setInputFiles({
      name: "wide.png",
      mimeType: "image/png",
      buffer: await stripesPng(page, 4096, 64),
    });
    await expect.poll(() => line.getAttribute("max")).toBe("2047");
    await expect.poll(() => alertText(page).count()).toBe(0);
    await expect.poll(async () => (await resultRow(page, 0)).height).toBe(32);
    expect([...refused, ...refusedHere]).toEqual([]);
    await context.close();
  });

  it("lense: paste by Ctrl+V and by the Paste button; no picture and a refused clipboard said in words", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(siteUrl("kids", "/lense"));
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: siteUrl("kids", "") });

    // Words on the clipboard: no picture, by the button and by Ctrl+V.
    await page.evaluate(() => navigator.clipboard.writeText("just words"));
    await button(page, "Paste").click();
    await alertText(page).getByText("No image found in clipboard").waitFor();
    await page.reload();
    await page.locator("body").click();
    await page.keyboard.press("Control+V");
    await alertText(page).getByText("No image found in clipboard").waitFor();

    // A picture pasted (Ctrl+V hands it in the paste event).
    const png = await stripesPng(page, 60, 30);
    await page.evaluate((bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
      document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    }, Array.from(png));
    await lense.result(page).waitFor();
    await expect.poll(() => lense.line(page).getAttribute("max")).toBe("59");
    await expect.poll(() => alertText(page).count()).toBe(0);
    await expectMirrored(page, { width: 60, height: 30 }, 30, "left");

    // A picture on the clipboard, by the Paste button.
    await page.evaluate(
      async (bytes) => {
        const blob = new Blob([new Uint8Array(bytes)], { type: "image/png" });
        await navigator.clipboard.write([new ClipboardItem({ "image/png": blob })]);
      },
      Array.from(await stripesPng(page, 80, 20)),
    );
    await button(page, "Paste").click();
    await expect.poll(() => lense.line(page).getAttribute("max")).toBe("79");
    await expectMirrored(page, { width: 80, height: 20 }, 40, "left");
    await context.close();

    // Without leave to read the clipboard: the Paste button says to upload instead.
    const denied = await newContext(browser());
    const deniedPage = await denied.newPage();
    await deniedPage.goto(siteUrl("kids", "/lense"));
    await button(deniedPage, "Paste").click();
    await alertText(deniedPage).getByText("Paste failed. Please use the upload button.").waitFor();
    await denied.close();
  });

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
      if (theme === "light") expect(await audit(page)).toEqual([]);

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
      if (theme === "light") expect(await audit(page)).toEqual([]);

      const lensePage = await lenseWithPicture(context, 1600, 900);
      await expect.poll(() => overflows(lensePage)).toBe(0);
      await lensePage.getByText("Keeping the left side").waitFor();
      if (theme === "light") expect(await audit(lensePage)).toEqual([]);
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
