import type { AccentColor } from "./accent-colors.ts";

/**
 * The hex value of each accent colour. Chosen to sit calmly on both themes and
 * to keep AA contrast (4.5:1) with the dark ink drawn on accent buttons.
 */
export const ACCENT_HEX: Record<AccentColor, string> = {
  orange: "#e9801c",
  blue: "#4b8ff7",
  yellow: "#e0b100",
  green: "#25a56f",
  purple: "#9a74f5",
  turquoise: "#14ab9d",
  pink: "#e8569a",
};

/** The ink drawn on an accent background (buttons, badges). */
export const ACCENT_INK = "#111111";

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
