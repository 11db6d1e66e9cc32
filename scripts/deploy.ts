/**
 * Deploys Nook to Cloudflare: D1 migrations, the API Worker, and one Pages
 * project per site (nook-<site>). Needs `wrangler login` or CLOUDFLARE_API_TOKEN,
 * the database_id, routes and ROOT_DOMAIN set in wrangler.toml, and the JWT_SECRET secret.
 *   npm run deploy               do it
 *   npm run deploy -- --dry-run  print the steps only
 */
import { spawnSync } from "node:child_process";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { offlineEnv, repo } from "./wrangler.ts";

const dryRun = process.argv.includes("--dry-run");
const wranglerCli = `${repo}node_modules/wrangler/bin/wrangler.js`;

function step(title: string, args: string[], script = wranglerCli) {
  console.log(`• ${title}: ${[script === wranglerCli ? "wrangler" : script, ...args].join(" ")}`);
  if (dryRun) return;
  // Deploys talk to Cloudflare, but never send metrics.
  const r = spawnSync(process.execPath, [script, ...args], {
    cwd: repo,
    stdio: "inherit",
    env: { ...offlineEnv, CLOUDFLARE_CF_FETCH_ENABLED: undefined },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

step("apply D1 migrations", ["d1", "migrations", "apply", "DB", "--remote"]);
step("deploy the API Worker", ["deploy"]);
step("build every site", [], `${repo}scripts/build-sites.ts`);
for (const site of SITES) {
  step(`deploy ${site}`, [
    "pages",
    "deploy",
    `dist/sites/${site}`,
    "--project-name",
    `nook-${site}`,
    "--branch",
    "main",
  ]);
}
