/**
 * What an e2e file may cost, in processor seconds: its test process (and every Chromium it starts) plus its
 * share of the local server's (wrangler dev and its workerd). `npm test` measures each file and fails the run
 * when one is over its budget or the whole e2e step over its total (scripts/ledger.ts prints the ledger).
 *
 * A file that needs more than the default states it here, with why beside it. Before raising a budget, look
 * for the cheaper layer (README, "Which layer a test belongs in"): a component test in the browser project, a
 * workerd route test, a unit test.
 */
export const BUDGETS = {
  /** Processor seconds a file, unless it is named below. */
  fileSeconds: 20,
  /**
   * Processor seconds for every e2e file together: 369 s measured in a whole run on 2026-12-06 (61 files), with
   * room for a slower day of the machine, not for another minute of tests without a look at the ledger.
   */
  totalSeconds: 480,
  /** Files allowed more, each with its reason. Keys are paths from the repository's root. */
  files: {} as Record<string, { seconds: number; why: string }>,
};

export type Budgets = typeof BUDGETS;
