/**
 * What an e2e file does that costs (its page loads, sign-ups and axe audits), counted in its test process for
 * the ledger (e2e/ledger-setup.ts, scripts/ledger.ts). A worker runs one file at a time: the counts start at
 * zero with each file.
 */
import type { BrowserContext, Page } from "playwright-core";

export const counts = {
  pageLoads: 0,
  signUps: 0,
  /** Each axe audit's screen, as "screen (theme, lang)": the ledger counts them and fails a run that audits one twice. */
  audited: [] as string[],
};

export function resetCounts() {
  counts.pageLoads = 0;
  counts.signUps = 0;
  counts.audited = [];
}

const watched = new WeakSet<BrowserContext>();

/** Counts every load of a main frame (a first load, a navigation, a reload) in the context's pages. */
export function watchContext(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  const watch = (page: Page) => page.on("load", () => counts.pageLoads++);
  for (const page of context.pages()) watch(page);
  context.on("page", watch);
}
