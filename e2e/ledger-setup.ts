/**
 * Each e2e file's entry in the ledger (scripts/ledger.ts): the processor time of its test process and of the
 * Chromium that process runs, measured from the file's first hook to its last, with its counts, handed to the
 * ledger's reporter as the file's meta.
 */
import { afterAll, beforeAll } from "vitest";
import { treeCpuMs } from "../scripts/ledger.ts";
import { counts, resetCounts } from "./ledger.ts";

declare module "vitest" {
  interface TaskMeta {
    ledger?: {
      ownMs: number;
      wallMs: number;
      pageLoads: number;
      signUps: number;
      /** The screens axe audited, each "screen (theme, lang)" (e2e/axe.ts). */
      audited: string[];
    };
  }
}

let cpuAtStart = 0;
let wallAtStart = 0;

beforeAll(() => {
  resetCounts();
  cpuAtStart = treeCpuMs([process.pid]);
  wallAtStart = performance.now();
});

// Registered before the file's own hooks, so it runs after them (vitest runs after-hooks in reverse): a
// file's closing of its contexts is counted.
// biome-ignore lint/correctness/noEmptyPattern: vitest reads the first argument's pattern for fixtures (it refuses a plain name); the file's suite comes second.
afterAll(({}, suite) => {
  suite.meta.ledger = {
    ownMs: treeCpuMs([process.pid]) - cpuAtStart,
    wallMs: performance.now() - wallAtStart,
    ...counts,
    audited: [...counts.audited],
  };
});
