/** Where the e2e tests find Chromium, and how they start it (Debian's, headless, with no network of its own). */
import { existsSync } from "node:fs";

/**
 * The browser the e2e files share: Debian's chromium-headless-shell (HEADLESS_SHELL_PATH), the headless
 * build Playwright itself runs by default, which opens a context for well under half the processor time
 * of the full browser in headless mode (15 contexts: 3.4 s against 8.7 s here); else the full Chromium.
 */
export function headlessShellPath() {
  const path = process.env.HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";
  return existsSync(path) ? path : chromePath();
}

/** The full Chromium: what a test of installing a site needs (a profile of its own; the shell installs nothing). */
export function chromePath() {
  const path = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(path))
    throw new Error(`No Chromium at ${path}: set CHROME_PATH or install Debian's chromium package`);
  return path;
}

/** Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
