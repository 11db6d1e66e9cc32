import { type AccentColor, DEFAULT_ACCENT_COLOR, isAccentColor } from "@nook/shared/common/accent-colors";
import { ACCENT_HEX } from "@nook/shared/common/accent-palette";
import { readStoredText, writeStoredText } from "./stored.ts";

/**
 * The last signed-in accent, kept per origin so a reload paints the user's
 * colour at once instead of flashing the default until the auth check answers.
 * It is only a preference, never a credential.
 */
const STORAGE_KEY = "nook-accent";

/** Colours the whole site: `--accent` and `data-accent` on <html>. */
export function applyAccent(color: AccentColor) {
  const html = document.documentElement;
  html.dataset.accent = color;
  html.style.setProperty("--accent", ACCENT_HEX[color]);
}

/** Stored as the bare name (not JSON), as it always was. */
export function rememberedAccent(): AccentColor {
  const saved = readStoredText(STORAGE_KEY);
  return isAccentColor(saved) ? saved : DEFAULT_ACCENT_COLOR;
}

/** Keeps the signed-in user's accent for the next load; signed out, forgets it. Refused, the accent follows the auth check. */
export function rememberAccent(color: AccentColor | null) {
  writeStoredText(STORAGE_KEY, color);
}
