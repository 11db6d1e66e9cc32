import { type AccentColor, DEFAULT_ACCENT_COLOR, isAccentColor } from "@nook/shared/common/accent-colors";
import { ACCENT_HEX } from "@nook/shared/common/accent-palette";

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

export function rememberedAccent(): AccentColor {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isAccentColor(saved) ? saved : DEFAULT_ACCENT_COLOR;
  } catch {
    return DEFAULT_ACCENT_COLOR;
  }
}

/** Keeps the signed-in user's accent for the next load; signed out, forgets it. */
export function rememberAccent(color: AccentColor | null) {
  try {
    if (color) localStorage.setItem(STORAGE_KEY, color);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled; the accent then simply follows the auth check.
  }
}
