/** Where the e2e tests find Chromium, and how they start it (Debian's, headless, with no network of its own). */
import { existsSync } from "node:fs";

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
