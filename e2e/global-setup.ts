/**
 * Starts the whole suite for the e2e tests on its own port and its own fresh
 * D1 state, with the sites as built in dist/sites.
 */
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { seedDemo, startFreshSuite, stop } from "../scripts/suite.ts";
import { repo } from "../scripts/wrangler.ts";

declare module "vitest" {
  export interface ProvidedContext {
    port: number;
  }
}

export default async function setup(project: TestProject) {
  const missing = SITES.filter((s) => !existsSync(`${repo}dist/sites/${s}/index.html`));
  if (missing.length)
    throw new Error(`Sites not built (${missing.join(", ")}): run \`npm run build\` first (npm test does).`);
  const port = Number(process.env.E2E_PORT ?? 8799);
  const { child } = await startFreshSuite(`${repo}.e2e`, port, seedDemo);
  project.provide("port", port);
  return () => stop(child);
}
