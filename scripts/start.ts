/**
 * npm start: migrations → build every site → seed the demo account, with a
 * year of life ending today (scripts/demo/year.ts), on an empty database →
 * wrangler dev with the gateway and the API.
 *   npm start                 (PORT=8787 by default)
 *   npm run dev               (skip the build; reuse dist/sites)
 */
import { spawnSync } from "node:child_process";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { applyMigrations, DEMO, ensureDevVars, seedDemo, serve, siteUrl, stop } from "./suite.ts";
import { repo } from "./wrangler.ts";

const port = Number(process.env.PORT ?? 8787);
const options = { port };

ensureDevVars();
console.log("• applying D1 migrations to the local database");
applyMigrations(options);
if (!process.argv.includes("--no-build")) {
  console.log("• building the sites");
  const build = spawnSync(process.execPath, [`${repo}scripts/build-sites.ts`], { cwd: repo, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const seeded = await seedDemo(options, { year: true });
console.log("• starting wrangler dev (gateway + API)");
const child = await serve(options);

const width = Math.max(...SITES.map((s) => s.length));
console.log(`
Nook is running.

  ${"launcher".padEnd(width)}  ${siteUrl(port)}
${SITES.filter((s) => s !== "root")
  .map((s) => `  ${s.padEnd(width)}  ${siteUrl(port, s)}`)
  .join("\n")}
  ${"api".padEnd(width)}  ${siteUrl(port)}/api/health

Demo account${seeded ? " (just created)" : ""}: ${DEMO.email} / ${DEMO.password}
Or sign in without a password at ${siteUrl(port, "auth")}/yalogin
Ctrl+C stops.
`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stop(child);
    process.exit(0);
  });
}
child.on("exit", (code) => process.exit(code ?? 0));
