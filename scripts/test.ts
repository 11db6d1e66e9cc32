/**
 * npm test: checks, a build of every site, then every test — unit, components in Chromium, the API
 * inside workerd with a real D1, and e2e in real Chromium.
 *   npm test                 everything
 *   npm test -- --project workers   only one vitest project (skips nothing else)
 */
import { spawnSync } from "node:child_process";
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
 * The e2e tests drive Debian's Chromium: the headless shell for every page (HEADLESS_SHELL_PATH, else
 * /usr/bin/chromium-headless-shell), and the full browser (CHROME_PATH, else /usr/bin/chromium) where a
 * test installs a site. As root on Debian, what is missing is installed; elsewhere the step says how.
 */
function ensureChromium(): string {
  const full = process.env.CHROME_PATH || "/usr/bin/chromium";
  const shell = process.env.HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";
  const missing = [
    ...(existsSync(full) ? [] : ["chromium"]),
    ...(existsSync(shell) ? [] : ["chromium-headless-shell"]),
  ];
  if (missing.length && process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    run(`install Debian's ${missing.join(" and ")} for the e2e tests`, "sh", [
      "-c",
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`,
    ]);
  }
  if (existsSync(full) && existsSync(shell)) return full;
  console.error(
    `No Chromium found at ${existsSync(full) ? shell : full}. The e2e tests drive a real Chromium:\n` +
      "  - on Debian/Ubuntu: sudo apt-get install chromium chromium-headless-shell\n" +
      "  - or point CHROME_PATH (the full browser) and HEADLESS_SHELL_PATH (its headless shell) at your own.",
  );
  process.exit(1);
}

const chrome = ensureChromium();
run("static checks", process.execPath, [`${repo}scripts/check.ts`]);
run("build every site", process.execPath, [`${repo}scripts/build-sites.ts`]);
run("first-load size of every site", process.execPath, [`${repo}scripts/bundle-size.ts`]);
run("no server message in a first load", process.execPath, [`${repo}scripts/first-load-messages.ts`]);
run(
  "tests: unit, browser (components in Chromium), workers (workerd + D1), e2e (Chromium)",
  "vitest",
  ["run", ...process.argv.slice(2)],
  {
    ...process.env,
    CHROME_PATH: chrome,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_HIDE_BANNER: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  },
);
console.log("\nTime per step:");
for (const [title, ms] of timings) console.log(`  ${seconds(ms).padStart(8)}  ${title}`);
console.log(`  ${seconds(performance.now() - started).padStart(8)}  npm test in all`);
