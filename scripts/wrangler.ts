/** Running wrangler offline: no telemetry, no update check, no request.cf download. */
import { type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repo = fileURLToPath(new URL("..", import.meta.url));
// Run wrangler's JS with this Node (the project's Node 22), whatever `node` is on PATH.
const cli = `${repo}node_modules/wrangler/bin/wrangler.js`;

export const offlineEnv: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_UPDATE_NOTIFIER: "1",
};

/** Runs wrangler to completion; throws with its output when it fails. */
export function wrangler(args: string[], options: { quiet?: boolean } = {}): string {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: repo,
    env: offlineEnv,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  if (!options.quiet) process.stdout.write(r.stdout);
  return r.stdout;
}

/** Starts a long-running wrangler (dev) and returns the child. */
export function spawnWrangler(args: string[], options: SpawnOptions = {}) {
  return spawn(process.execPath, [cli, ...args], { cwd: repo, env: offlineEnv, stdio: "inherit", ...options });
}
