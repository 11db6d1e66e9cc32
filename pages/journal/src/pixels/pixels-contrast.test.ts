import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// WCAG 1.4.11 (non-text contrast): each mood's colour, and the outline of a day without one, keeps 3:1 against
// what it lies on — the card (--surface) and the page (--bg) — in both themes. The colours are read from the
// stylesheets, so a changed colour is checked as it ships.
const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const pixels = read("./pixels.css");
const tokens = read("../../../../packages/ui/src/styles.css");

/** The custom properties of the first rule whose selector is exactly `selector`. */
function properties(css: string, selector: string): Record<string, string> {
  const at = css.indexOf(`\n${selector} {`);
  const body = css.slice(css.indexOf("{", at) + 1, css.indexOf("}", at));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));
}

/** WCAG 2's relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
};

describe("the year in pixels' colours", () => {
  const themes = {
    dark: { ...properties(tokens, ":root"), ...properties(pixels, ".pixels-page") },
    light: {
      ...properties(tokens, ":root"),
      ...properties(tokens, '[data-theme="light"]'),
      ...properties(pixels, '[data-theme="light"] .pixels-page'),
    },
  };
  const marks = ["--pixel-1", "--pixel-2", "--pixel-3", "--pixel-4", "--pixel-5", "--muted"];
  const ratios = (theme: Record<string, string>) =>
    marks.map((mark) => [
      mark,
      contrast(theme[mark] ?? "", theme["--surface"] ?? ""),
      contrast(theme[mark] ?? "", theme["--bg"] ?? ""),
    ]);

  it("keep 3:1 against the card and the page on the dark theme", () => {
    expect(ratios(themes.dark)).toEqual([
      ["--pixel-1", 5.58, 6.12],
      ["--pixel-2", 7.83, 8.58],
      ["--pixel-3", 10.86, 11.9],
      ["--pixel-4", 9.44, 10.35],
      ["--pixel-5", 7.46, 8.18],
      ["--muted", 6.35, 6.96],
    ]);
  });

  it("keep 3:1 against the card and the page on the light theme", () => {
    expect(ratios(themes.light)).toEqual([
      ["--pixel-1", 5.19, 4.76],
      ["--pixel-2", 4.71, 4.32],
      ["--pixel-3", 4.77, 4.38],
      ["--pixel-4", 4.25, 3.9],
      ["--pixel-5", 5.31, 4.87],
      ["--muted", 5.8, 5.32],
    ]);
  });
});
