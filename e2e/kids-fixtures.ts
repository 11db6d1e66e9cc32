import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { CANVAS_SIZE, type Point } from "../pages/kids/src/sierpinski/chaos-game.ts";
import { siteUrl } from "./browser.ts";

// The helpers of the kids site's e2e files (kids-sierpinski, kids-lense, kids-layout).

export const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
export const alertText = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });
export const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "");

export type Rgba = [number, number, number, number];

/** A colour as the canvas would paint it: any CSS colour, resolved by a scratch canvas. */
export const painted = (page: Page, css: string) =>
  page.evaluate((colour) => {
    const pen = new OffscreenCanvas(1, 1).getContext("2d")!;
    pen.fillStyle = colour;
    pen.fillRect(0, 0, 1, 1);
    return Array.from(pen.getImageData(0, 0, 1, 1).data) as [number, number, number, number];
  }, css);

export const near = (a: readonly number[], b: readonly number[], tolerance: number) =>
  a.slice(0, 3).every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance);

// ——— sierpinski ———

/**
 * The triangle on the 500-unit drawing, worked out by hand: 12 units of margin leave a side of 476, its height
 * 476 × √3 / 2 = 412.23, centred from y = (500 − 412.23) / 2 = 43.89 to 456.11.
 */
export const TOP = { x: 250, y: 43.89 };
export const BOTTOM_LEFT = { x: 12, y: 456.11 };
export const BOTTOM_RIGHT = { x: 488, y: 456.11 };

export const sierpinski = {
  canvas: (page: Page) => page.getByRole("img", { name: "The triangle and the points drawn in it" }),
  step: (page: Page) => page.locator(".sierpinski-steps li[aria-current='step']"),
  count: (page: Page) => page.getByRole("status").filter({ hasText: /drawn/ }),
  ink: (page: Page, name: string) =>
    page.locator(`[data-ink="${name}"]`).evaluate((el) => getComputedStyle(el).color) as Promise<string>,
};

/** The strongest pixel in the 3 × 3 around a point of the drawing (the canvas may be drawn at a higher density). */
export const pixelAt = (canvas: Locator, p: Point) =>
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
export async function clickDrawing(canvas: Locator, p: Point) {
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: (p.x * box.width) / CANVAS_SIZE, y: (p.y * box.height) / CANVAS_SIZE } });
}

// ——— lense ———

/** A test picture: each column its own red and green, each row its own blue, fully opaque. */
export const stripe = (x: number, y: number): Rgba => [x % 256, x < 256 ? 40 : 200, y % 256, 255];

/** A PNG of `stripe`, made by the page's own canvas. */
export async function stripesPng(page: Page, width: number, height: number): Promise<Buffer> {
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

export const lense = {
  result: (page: Page) => page.getByRole("img", { name: "The mirrored picture" }),
  picture: (page: Page) => page.getByRole("img", { name: "Your picture with the mirror line" }),
  line: (page: Page) => page.getByRole("slider", { name: "Line position" }),
  upload: (page: Page) => page.getByLabel("Upload a picture"),
};

/** A row of the result canvas's pixels and its size. */
export const resultRow = (page: Page, y: number) =>
  lense.result(page).evaluate((el: HTMLCanvasElement, row) => {
    const data = el.getContext("2d")!.getImageData(0, row, el.width, 1).data;
    return { width: el.width, height: el.height, pixels: Array.from(data) };
  }, y);

/** The picture column each result column should show: the kept side as it was, its mirror on the other. */
export function expectedColumn(width: number, line: number, keep: "left" | "right", c: number) {
  if (keep === "left") return c < line ? c : 2 * line - 1 - c;
  const kept = width - line;
  return c < kept ? line + kept - 1 - c : line + c - kept;
}

/** Every pixel of some rows of the result is the picture's pixel across the line. */
export async function expectMirrored(
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

export async function lenseWithPicture(context: BrowserContext, width = 400, height = 200) {
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
