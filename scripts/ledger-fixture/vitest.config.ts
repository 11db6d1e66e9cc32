/**
 * The ledger's own run, for scripts/ledger.test.ts: one e2e-like file under the ledger's reporter, with the
 * budget a file given by LEDGER_FIXTURE_BUDGET (seconds) and the ledger written to LEDGER_FIXTURE_OUT.
 */
import { defineConfig } from "vitest/config";

const budgets = {
  fileSeconds: Number(process.env.LEDGER_FIXTURE_BUDGET ?? 20),
  totalSeconds: 600,
  files: {},
};

export default defineConfig({
  test: {
    reporters: [["./scripts/ledger-reporter.ts", { budgets, out: process.env.LEDGER_FIXTURE_OUT }]],
    projects: [
      {
        test: {
          name: "e2e-ledger-fixture",
          include: ["scripts/ledger-fixture/*.fixture.ts"],
          setupFiles: ["./e2e/ledger-setup.ts"],
          pool: "forks",
        },
      },
    ],
  },
});
