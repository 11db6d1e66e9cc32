/**
 * Starts, once for every e2e file, the whole suite on its own port and its own fresh D1 state (the sites
 * as built in dist/sites), and one Chromium that every file connects to: a file opens a context per test,
 * never a browser of its own.
 */
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { seedDemo, startFreshSuite, stop } from "../scripts/suite.ts";
import { repo } from "../scripts/wrangler.ts";
import { CHROMIUM_ARGS, headlessShellPath } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    port: number;
    /** The shared Chromium's Playwright endpoint (chromium.connect). */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const missing = SITES.filter((s) => !existsSync(`${repo}dist/sites/${s}/index.html`));
  if (missing.length)
    throw new Error(`Sites not built (${missing.join(", ")}): run \`npm run build\` first (npm test does).`);
  const port = Number(process.env.E2E_PORT ?? 8799);
  const [{ child }, server] = await Promise.all([
    // Sign-ups and sign-ins hash at the test cost (auth/password.ts PasswordCost): the files make about 150 accounts.
    startFreshSuite(`${repo}.e2e`, port, seedDemo, { PASSWORD_COST: "test" }),
    chromium.launchServer({ executablePath: headlessShellPath(), headless: true, args: CHROMIUM_ARGS }),
  ]);
  project.provide("port", port);
  project.provide("browserEndpoint", server.wsEndpoint());
  return async () => {
    await server.close();
    stop(child);
  };
}
