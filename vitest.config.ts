import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";
import InterleavedSequencer from "./scripts/test-order.ts";

/**
 * Three projects: `unit` (pure logic in packages/ and pages/, in Node),
 * `workers` (the API inside workerd with a real D1, migrations applied), and
 * `e2e` (the running suite driven through real Chromium).
 */
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/slowest-files.ts"],
    // Three files at a time on 2 cores: an e2e file spends much of its time waiting on a page, the unit and
    // workerd files none. scripts/test-order.ts spreads the unit and workerd files between the e2e files, so
    // those waits are filled; vitest's own order runs the projects one after another. Measured on this
    // machine (npm test's vitest step): the projects one after another, e2e one file at a time, 1196 s; e2e
    // with two then three files at a time, e2e first, 664 s; interleaved, three at a time: see README.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        // The sites' components compile as in their build: Lingui's macros, and .po catalogs as modules.
        plugins: [
          babel({ plugins: ["@lingui/babel-plugin-lingui-macro"], include: [/\.[jt]sx?$/], exclude: [/node_modules/] }),
          lingui(),
        ],
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "pages/**/*.test.{ts,tsx}",
            "workers/gateway/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          environment: "node",
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                JWT_SECRET: "test-secret-that-is-at-least-32-characters-long",
                SIGNUP: "open",
                DEV_LOGIN: "true",
                DEMO_EMAIL: "demo@nook.localhost",
                // Sign-ins and sign-ups hash at the test cost (auth/password.ts PasswordCost), never a deployment's.
                PASSWORD_COST: "test",
                // The deployed settings, for auth/production-settings.test.ts.
                WRANGLER_TOML: readFileSync("./wrangler.toml", "utf8"),
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                // The fuzz test's own seed and size, to explore beyond the fixed ones (workers/api/src/test/fuzz.test.ts).
                ...(process.env.FUZZ_SEED ? { FUZZ_SEED: process.env.FUZZ_SEED } : {}),
                ...(process.env.FUZZ_RUNS ? { FUZZ_RUNS: process.env.FUZZ_RUNS } : {}),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          // A busy machine (the e2e files beside these) stretches a test of many requests past 5 s.
          testTimeout: 20_000,
          include: ["workers/api/**/*.test.ts"],
          setupFiles: ["./workers/api/src/test/apply-migrations.ts"],
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./e2e/global-setup.ts"],
          // A read after an action retries until it holds (expect.poll); a busy machine gets 10 s, not 1.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
