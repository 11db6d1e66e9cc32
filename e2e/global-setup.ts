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

interface Running {
  port: number;
  endpoint: string;
  users: number;
  stop(): Promise<void>;
}

/** One suite and one browser for both e2e projects (vitest runs each project's global setup). */
const shared = globalThis as { nookE2e?: Promise<Running> };

async function start(): Promise<Running> {
  const missing = SITES.filter((s) => !existsSync(`${repo}dist/sites/${s}/index.html`));
  if (missing.length)
    throw new Error(`Sites not built (${missing.join(", ")}): run \`npm run build\` first (npm test does).`);
  const port = Number(process.env.E2E_PORT ?? 8799);
  const [{ child }, server] = await Promise.all([
    // Sign-ups and sign-ins hash at the test cost (auth/password.ts PasswordCost): the files make about 150 accounts.
    startFreshSuite(`${repo}.e2e`, port, seedDemo, { vars: { PASSWORD_COST: "test" } }),
    chromium.launchServer({ executablePath: headlessShellPath(), headless: true, args: CHROMIUM_ARGS }),
  ]);
  return {
    port,
    endpoint: server.wsEndpoint(),
    users: 0,
    async stop() {
      await server.close();
      stop(child);
    },
  };
}

export default async function setup(project: TestProject) {
  shared.nookE2e ??= start();
  const running = await shared.nookE2e;
  running.users++;
  project.provide("port", running.port);
  project.provide("browserEndpoint", running.endpoint);
  return async () => {
    if (--running.users > 0) return;
    shared.nookE2e = undefined;
    await running.stop();
  };
}
