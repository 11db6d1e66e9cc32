/**
 * Static checks run by `npm test` before the tests: Biome (format and lint),
 * types in every program, and the generated artefacts (Worker binding types,
 * message catalogs, migrations) up to date — regenerate them, then fail if
 * anything changed.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { SITES } from "../packages/shared/src/common/sites.ts";
import { repo, wrangler } from "./wrangler.ts";

function step(title: string, command: string, args: string[]) {
  console.log(`• ${title}`);
  const r = spawnSync(command, args, { cwd: repo, stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`✗ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

function snapshot(files: string[]) {
  return new Map(files.map((f) => [f, readFileSync(`${repo}${f}`, "utf8")]));
}

function unchanged(title: string, before: Map<string, string>, after: Map<string, string>, hint: string) {
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((f) => before.get(f) !== after.get(f));
  if (changed.length) {
    console.error(`✗ ${title} were out of date and have been regenerated:\n  ${changed.join("\n  ")}\n${hint}`);
    process.exit(1);
  }
}

// Every catalog lingui.config.ts writes: each site's first one, its lazy screens' (locales/<screen>/), the server's.
const catalogs = () =>
  [...SITES.map((s) => `pages/${s}/locales`), "packages/ui/locales"].flatMap((dir) =>
    readdirSync(`${repo}${dir}`, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".po"))
      .map((f) => `${dir}/${f}`),
  );
const migrations = () =>
  readdirSync(`${repo}migrations`, { recursive: true, encoding: "utf8" })
    .map((f) => `migrations/${f}`)
    .filter((f) => /\.(sql|json)$/.test(f));

const WORKER_TYPES = [
  ["wrangler.toml", "workers/api/worker-configuration.d.ts"],
  ["workers/gateway/wrangler.toml", "workers/gateway/worker-configuration.d.ts"],
] as const;

step("format and lint (biome ci)", "biome", ["ci", "."]);

let before = snapshot(WORKER_TYPES.map(([, out]) => out));
for (const [config, out] of WORKER_TYPES) {
  console.log(`• wrangler types for ${config}`);
  wrangler(
    ["types", out, "-c", config, "--include-runtime=false", "--include-main-module=false", "--strict-vars=false"],
    {
      quiet: true,
    },
  );
}
unchanged("Worker binding types", before, snapshot(WORKER_TYPES.map(([, out]) => out)), "Commit them.");

for (const project of ["packages/shared", "workers/api", "workers/gateway", "scripts"]) {
  step(`typecheck ${project}`, "tsc", ["-p", project]);
}
// The sites see the API only through its emitted declarations (workers/api/types), never its source.
step("emit the API's route types for the sites", "tsc", ["-p", "workers/api/tsconfig.types.json"]);
step("typecheck pages", "tsc", ["-p", "pages"]);

before = snapshot(catalogs());
step("extract messages", "lingui", ["extract", "--clean"]);
unchanged("Message catalogs", before, snapshot(catalogs()), "Translate any new ru messages and commit the .po files.");

before = snapshot(migrations());
step("generate migrations from the schema", "drizzle-kit", ["generate"]);
unchanged("Migrations", before, snapshot(migrations()), "Commit the new migration.");
console.log("✓ checks passed");
