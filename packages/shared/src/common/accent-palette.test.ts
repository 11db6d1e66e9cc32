import { describe, expect, it } from "vitest";
import { ACCENT_COLORS } from "./accent-colors.ts";
import { ACCENT_HEX, ACCENT_INK, contrastRatio } from "./accent-palette.ts";

describe("accent palette", () => {
  it("has a hex value for every accent colour", () => {
    for (const color of ACCENT_COLORS) expect(ACCENT_HEX[color]).toMatch(/^#[0-9a-f]{6}$/);
  });
  it("keeps AA contrast between every accent and its ink", () => {
    for (const color of ACCENT_COLORS)
      expect(contrastRatio(ACCENT_HEX[color], ACCENT_INK), color).toBeGreaterThanOrEqual(4.5);
  });
  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});
