import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure logic in packages/ and pages/, in Node),
 * `workers` (the API inside workerd with a real D1, migrations applied), and
 * `e2e` (the running suite driven through real Chromium).
 */
export default defineConfig({
  test: {
    // At least two files at a time, even on 2 cores (vitest's default there is one). The e2e files run one at
    // a time against one suite, and vitest would run them only after every other file: npm test runs them in
    // a vitest of their own beside the unit and workerd files (scripts/test.ts), whose two files at a time
    // fill the time e2e spends waiting on Chromium and the server.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["workers/api/**/*.test.ts"],
          setupFiles: ["./workers/api/src/test/apply-migrations.ts"],
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
          fileParallelism: false,
        },
      },
    ],
  },
});
