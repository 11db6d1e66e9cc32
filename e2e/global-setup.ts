/**
 * Starts, once for every e2e file, the whole suite on its own port and its own fresh D1 state (the sites
 * as built in dist/sites). Each vitest worker launches its own Chromium (e2e/browser.ts useBrowser), so the
 * ledger measures a file's browser work exactly; the server's pids are left for the ledger's reporter, which
 * shares the server's processor time between the files running (scripts/ledger-reporter.ts).
 */
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { serverPids } from "../scripts/ledger-reporter.ts";
import { seedDemo, startFreshSuite, stop } from "../scripts/suite.ts";
import { repo } from "../scripts/wrangler.ts";

declare module "vitest" {
  export interface ProvidedContext {
    port: number;
  }
}

interface Running {
  port: number;
  users: number;
  stop(): Promise<void>;
}

/** One suite for both e2e projects (vitest runs each project's global setup). */
const shared = globalThis as { nookE2e?: Promise<Running> };

async function start(): Promise<Running> {
  const missing = SITES.filter((s) => !existsSync(`${repo}dist/sites/${s}/index.html`));
  if (missing.length)
    throw new Error(`Sites not built (${missing.join(", ")}): run \`npm run build\` first (npm test does).`);
  const port = Number(process.env.E2E_PORT ?? 8799);
  // Sign-ups and sign-ins hash at the test cost (auth/password.ts PasswordCost): the files make about 150 accounts.
  const { child } = await startFreshSuite(`${repo}.e2e`, port, seedDemo, { vars: { PASSWORD_COST: "test" } });
  if (child.pid) serverPids.nookServerPids = [child.pid];
  return {
    port,
    users: 0,
    async stop() {
      serverPids.nookServerPids = undefined;
      stop(child);
    },
  };
}

export default async function setup(project: TestProject) {
  shared.nookE2e ??= start();
  const running = await shared.nookE2e;
  running.users++;
  project.provide("port", running.port);
  return async () => {
    if (--running.users > 0) return;
    shared.nookE2e = undefined;
    await running.stop();
  };
}
