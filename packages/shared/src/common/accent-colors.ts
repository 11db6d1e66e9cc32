/** The seven accent colours a profile may pick (spec §5); the first is the default. */
export const ACCENT_COLORS = ["orange", "blue", "yellow", "green", "purple", "turquoise", "pink"] as const;
export type AccentColor = (typeof ACCENT_COLORS)[number];
export const DEFAULT_ACCENT_COLOR: AccentColor = "orange";

export function isAccentColor(value: unknown): value is AccentColor {
  return typeof value === "string" && (ACCENT_COLORS as readonly string[]).includes(value);
}
