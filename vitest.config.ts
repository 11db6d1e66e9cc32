import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { playwright } from "@vitest/browser-playwright";
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { CHROMIUM_ARGS, headlessShellPath } from "./e2e/chromium.ts";
import { TEST_VAPID } from "./workers/api/src/push/test-keys.ts";

/** The e2e projects' settings: the suite and the browser from one global setup (shared by both). */
const E2E: NonNullable<TestProjectInlineConfiguration["test"]> = {
  environment: "node",
  globalSetup: ["./e2e/global-setup.ts"],
  // Each file's processor time and counts, for the ledger (scripts/ledger.ts). A worker is a process of its
  // own (forks), which the ledger's measure of "the test process and its children" needs.
  setupFiles: ["./e2e/ledger-setup.ts"],
  pool: "forks",
  // A read after an action retries until it holds (expect.poll); a busy machine gets 10 s, not 1. Each
  // try is a trip through Playwright to the page and back: every 100 ms, not vitest's 50, halves what
  // the waiting costs the processor for a twentieth of a second more, at most, before a read is seen.
  expect: { poll: { timeout: 10_000, interval: 100 } },
  testTimeout: 60_000,
  hookTimeout: 240_000,
  // A worker runs file after file: playwright-core is loaded once a worker, not once a file.
  isolate: false,
};

/** The sites' components compile as in their build: Lingui's macros, and .po catalogs as modules. */
const SITE_PLUGINS = () => [
  babel({ plugins: ["@lingui/babel-plugin-lingui-macro"], include: [/\.[jt]sx?$/], exclude: [/node_modules/] }),
  lingui(),
];

/**
 * Four projects: `unit` (pure logic in packages/ and pages/, in Node), `browser` (the sites' components in
 * Chromium, *.browser.test.tsx),
 * `workers` (the API inside workerd with a real D1, migrations applied), and
 * `e2e` (the running suite driven through real Chromium), with `e2e-alone` for the one e2e file that must
 * run with nothing beside it.
 */
export default defineConfig({
  test: {
    reporters: ["default", "./scripts/slowest-files.ts", "./scripts/ledger-reporter.ts"],
    // Three files at a time on 2 cores: an e2e file spends part of its time waiting on a page. vitest starts
    // the projects in name order (browser, e2e, unit, workers), each project's largest files first, so the
    // few component files (about 9 s) and then the e2e files share the slots first, and the unit and workerd
    // files fill them as the e2e files run out. Measured
    // (npm test's vitest step, this machine, 2026-11-27): e2e one file at a time after the rest, 1196 s;
    // three at a time in vitest's order, 664 s; the unit and workerd files spread evenly between the e2e
    // files by a sequencer of our own, 663 s — no better, so vitest's order stays. The processor is the
    // limit (about 97% of both cores busy in either order): the next minutes come from less work.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        plugins: SITE_PLUGINS(),
        test: {
          name: "unit",
          include: [
            "packages/**/*.test.ts",
            "pages/**/*.test.{ts,tsx}",
            "workers/gateway/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          // The component tests run in a page (the browser project).
          exclude: [...configDefaults.exclude, "**/*.browser.test.tsx"],
          environment: "node",
          isolate: false,
        },
      },
      {
        // A screen's own behaviour (keys, focus, a layout at a width, an empty or error state) as a component
        // in a real page: Debian's Chromium (the e2e files' headless shell, with their flags), one instance,
        // driven through Playwright. Nothing is downloaded: Playwright's own browsers are never used.
        plugins: SITE_PLUGINS(),
        test: {
          name: "browser",
          include: ["pages/**/*.browser.test.tsx", "packages/**/*.browser.test.tsx"],
          // The sites' stylesheets apply as in their build (vitest leaves a plain .css file empty by default):
          // a layout at a width is the point of some of these tests.
          css: true,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: headlessShellPath(), args: CHROMIUM_ARGS } }),
            instances: [{ browser: "chromium" }],
            // A laptop's width unless a test sets its own (page.viewport).
            viewport: { width: 1280, height: 800 },
          },
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
                // Web Push's published test pair (push/test-keys.ts), never a deployment's.
                VAPID_PRIVATE_KEY: TEST_VAPID.privateKey,
                VAPID_SUBJECT: TEST_VAPID.subject,
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
          ...E2E,
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          exclude: ["e2e/update-prompt.test.ts"],
        },
      },
      {
        test: {
          ...E2E,
          name: "e2e-alone",
          include: ["e2e/update-prompt.test.ts"],
          // It changes a served file, and the local server restarts its Workers when one changes, cutting off
          // what other files have in flight: a later group, so it runs when every other file is done.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
