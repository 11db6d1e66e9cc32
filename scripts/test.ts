/**
 * npm test: checks, a build of every site, then every test — unit, the API
 * inside workerd with a real D1, and e2e in real Chromium.
 *   npm test                 everything
 *   npm test -- --project workers   only one vitest project (skips nothing else)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { repo } from "./wrangler.ts";

/** Each step's wall time, printed after it and again together at the end, so a slow step is seen. */
const timings: [string, number][] = [];
const started = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n▶ ${title}`);
  const t0 = performance.now();
  const r = spawnSync(command, args, { cwd: repo, stdio: "inherit", env });
  const took = performance.now() - t0;
  timings.push([title, took]);
  if (r.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds(took)}`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${title}: ${seconds(took)}`);
}

/**
 * Two steps at once, the first's output as it comes and the second's once the
 * first is done (then as it comes). One vitest run would not overlap them: it
 * runs a project of one file at a time (e2e, against one suite) after every
 * other project's files, and the e2e files spend much of their time waiting
 * on Chromium and the server. Fails when either fails.
 */
async function together(
  first: [title: string, command: string, args: string[]],
  second: [title: string, command: string, args: string[]],
  env: NodeJS.ProcessEnv,
) {
  let secondLive = false;
  const held: Buffer[] = [];
  const start = ([title, command, args]: typeof first, live: () => boolean) => {
    console.log(`\n▶ ${title}`);
    const t0 = performance.now();
    const child = spawn(command, args, { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"] });
    const out = (chunk: Buffer) => (live() ? process.stdout.write(chunk) : held.push(chunk));
    child.stdout.on("data", out);
    child.stderr.on("data", out);
    return new Promise<[string, number, number]>((resolve) =>
      child.on("close", (code) => resolve([title, performance.now() - t0, code ?? 1])),
    );
  };
  const firstDone = start(first, () => true);
  const secondDone = start(second, () => secondLive);
  const results = [await firstDone];
  for (const chunk of held) process.stdout.write(chunk);
  secondLive = true;
  results.push(await secondDone);
  for (const [title, took, code] of results) {
    timings.push([title, took]);
    console.log(code === 0 ? `✓ ${title}: ${seconds(took)}` : `✗ ${title} failed after ${seconds(took)}`);
  }
  if (results.some(([, , code]) => code !== 0)) process.exit(1);
}

/** CHROME_PATH, else /usr/bin/chromium; as root on Debian, install Debian's chromium. */
function ensureChromium(): string {
  const path = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    run("install Debian's chromium for the e2e tests", "sh", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
    ]);
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    `No Chromium found at ${path}. The e2e tests drive a real Chromium:\n` +
      "  - on Debian/Ubuntu: sudo apt-get install chromium\n" +
      "  - or point CHROME_PATH at any Chromium or Chrome binary.",
  );
  process.exit(1);
}

const chrome = ensureChromium();
run("static checks", process.execPath, [`${repo}scripts/check.ts`]);
run("build every site", process.execPath, [`${repo}scripts/build-sites.ts`]);
run("first-load size of every site", process.execPath, [`${repo}scripts/bundle-size.ts`]);
run("no server message in a first load", process.execPath, [`${repo}scripts/first-load-messages.ts`]);
const testEnv = {
  ...process.env,
  CHROME_PATH: chrome,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const asked = process.argv.slice(2);
if (asked.length) run("tests", "vitest", ["run", ...asked], testEnv);
else
  await together(
    ["tests: unit and workers (workerd + D1)", "vitest", ["run", "--project", "unit", "--project", "workers"]],
    ["tests: e2e (Chromium)", "vitest", ["run", "--project", "e2e"]],
    testEnv,
  );
console.log("\nTime per step:");
for (const [title, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
console.log(`  ${seconds(performance.now() - started).padStart(8)}  npm test in all`);
