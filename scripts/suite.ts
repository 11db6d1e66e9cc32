/**
 * The local suite: D1 migrations on wrangler's local SQLite, the demo account,
 * and `wrangler dev` running the gateway (sites by Host) and the API Worker.
 * Used by `npm start` and by the e2e tests.
 */

import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { count, eq } from "drizzle-orm";
import { type SiteName, siteOrigin } from "../packages/shared/src/common/sites.ts";
import { insertAccount } from "../workers/api/src/auth/accounts.ts";
import { leaveStatements, purgeAccount } from "../workers/api/src/auth/delete-account.ts";
import { hashPassword } from "../workers/api/src/auth/password.ts";
import { users } from "../workers/api/src/auth/schema.ts";
import type { Db } from "../workers/api/src/platform/db.ts";
import { TEST_VAPID } from "../workers/api/src/push/test-keys.ts";
import { openD1 } from "./d1.ts";
import { demoYear, writeDemoYear } from "./demo/year.ts";
import { localFetch } from "./local-fetch.ts";
import { repo, spawnWrangler, wrangler } from "./wrangler.ts";

export const DEMO = {
  email: "demo@nook.localhost",
  password: "nook-demo-2026",
  name: "Demo",
  username: "demo",
} as const;

export interface SuiteOptions {
  port: number;
  /** wrangler's --persist-to; default .wrangler/state at the repo root. */
  persistTo?: string;
  /**
   * Vars for both Workers over .dev.vars, e.g. the test suites' PASSWORD_COST. wrangler dev hands `--var` to
   * the first config alone (the gateway), and takes from .dev.vars only the names wrangler.toml declares, so
   * the API gets them from a copy of its config with the vars added (`apiConfig`).
   */
  vars?: Record<string, string>;
  /**
   * wrangler dev's inspector port (--inspector-port; default 9229, or a free one when taken): its /ws speaks
   * the DevTools protocol to the API Worker's isolate, as the import bench reads its heap (isolate-heap.ts).
   */
  inspectorPort?: number;
}

const persistTo = (o: SuiteOptions) => o.persistTo ?? `${repo}.wrangler/state`;
// Always explicit: with two configs, wrangler dev would otherwise persist beside the first one.
const persistArgs = (o: SuiteOptions) => ["--persist-to", persistTo(o)];

/**
 * Local secrets and vars for the API Worker; the JWT secret is made once per checkout. A checkout's .dev.vars
 * made before Web Push gets the published test VAPID pair added (never a deployment's: `npm run vapid`).
 */
export function ensureDevVars() {
  const file = `${repo}.dev.vars`;
  const vapid = [`VAPID_PRIVATE_KEY="${TEST_VAPID.privateKey}"`, `VAPID_SUBJECT="${TEST_VAPID.subject}"`, ""];
  if (existsSync(file) && readFileSync(file, "utf8").includes("JWT_SECRET")) {
    const vars = readFileSync(file, "utf8");
    if (!vars.includes("VAPID_PRIVATE_KEY")) writeFileSync(file, `${vars.replace(/\n?$/, "\n")}${vapid.join("\n")}`);
    return;
  }
  writeFileSync(
    file,
    [
      `JWT_SECRET="${randomBytes(32).toString("base64url")}"`,
      `SIGNUP="open"`,
      `DEV_LOGIN="true"`,
      `DEMO_EMAIL="${DEMO.email}"`,
      ...vapid,
    ].join("\n"),
  );
}

/** The local D1's own folder in a state folder: there once the database has been opened. */
const d1Folder = (o: SuiteOptions) => `${persistTo(o)}/v3/d1/miniflare-D1DatabaseObject`;

/**
 * Applies the migrations to the local D1 in the state folder. A state that has a database goes through
 * `wrangler d1 migrations apply`, which knows what it lacks. A fresh one (every test's and benchmark's)
 * gets them all in one `wrangler d1 execute`, each recorded in d1_migrations as `migrations apply` records
 * it, so a later apply finds them done: one workerd rather than one a file (3 s of processor time here
 * against 13 for the eleven migrations).
 */
export function applyMigrations(o: SuiteOptions) {
  if (existsSync(d1Folder(o))) {
    wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(o)], { quiet: true });
    return;
  }
  const dir = mkdtempSync(`${tmpdir()}/nook-migrations-`);
  try {
    const file = `${dir}/all.sql`;
    writeFileSync(file, allMigrations());
    wrangler(["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(o)], { quiet: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every migration in order, each followed by its row in d1_migrations (the table as wrangler makes it). */
function allMigrations() {
  const names = readdirSync(`${repo}migrations`)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  return [
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(
\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,
\t\tname       TEXT UNIQUE,
\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
    ...names.flatMap((name) => [
      readFileSync(`${repo}migrations/${name}`, "utf8"),
      `INSERT INTO d1_migrations (name) VALUES ('${name.replaceAll("'", "''")}');`,
    ]),
  ].join("\n");
}

/**
 * Runs SQL a test wrote (no parameters) on the local D1's SQLite file itself, the way apart from the
 * scripts' own and from the Worker's, and returns its rows. Node's own SQLite reads the file wrangler dev
 * keeps (WAL, so beside a running suite too) in a millisecond, where `wrangler d1 execute` started a
 * workerd for each query (about 6 s of processor time).
 */
export function localQuery<T>(o: SuiteOptions, sql: string): T[] {
  const dir = `${persistTo(o)}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`No local D1 in ${dir}: apply the migrations first`);
  // Loaded here, not at the top: only the tests that query pay Node's "experimental" warning for it.
  const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as typeof import("node:sqlite");
  const db = new DatabaseSync(`${dir}/${file}`);
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

/**
 * Seeds the demo account when the database has no users; returns true when it did. With `year` (`npm
 * start`), the account holds a year of life ending today (scripts/demo/year.ts); without (the e2e suite,
 * whose tests expect it empty), nothing.
 */
export async function seedDemo(o: SuiteOptions, options: { year?: boolean } = {}): Promise<boolean> {
  const { db, close } = await openD1({ persistTo: persistTo(o) });
  try {
    const [row] = await db.select({ n: count() }).from(users);
    if (row && row.n > 0) return false;
    const { id } = await insertDemo(db);
    if (options.year) await seedDemoYear(db, id);
    return true;
  } finally {
    await close();
  }
}

/**
 * `npm run demo -- reset`: the demo account and every row of it removed, as an account's deletion goes
 * (auth/delete-account.ts: unreachable first, then its rows a part at a time), then made again with its
 * year, saying each step. Other accounts are not touched. The removed account's id (null when there was
 * none) and the new one's.
 */
export async function resetDemo(db: Db): Promise<{ removed: number | null; id: number }> {
  const demo = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email)).get();
  if (demo) {
    const d1 = db.$client;
    await d1.batch(leaveStatements(d1, { id: demo.id, email: DEMO.email }, Date.now()));
    while (!(await purgeAccount(d1, demo.id, { parts: 1_000, ms: 10_000 })).gone);
    console.log(`• the demo account (id ${demo.id}) and its rows removed`);
  }
  const { id } = await insertDemo(db);
  console.log(`• the demo account made again (id ${id}): ${DEMO.email} / ${DEMO.password}`);
  await seedDemoYear(db, id);
  return { removed: demo?.id ?? null, id };
}

/** The demo account itself, with nothing in it. */
export async function insertDemo(db: Db) {
  const { password, ...account } = DEMO;
  return insertAccount(db, { ...account, passwordHash: await hashPassword(password), dateOfBirth: "1990-04-24" });
}

/**
 * The lived-in year for the demo account `userId`, ending now in this machine's zone (the browser that
 * signs in is most likely on it), which becomes the profile's; prints what it wrote and how long it took.
 */
export async function seedDemoYear(db: Db, userId: number) {
  const started = performance.now();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const plan = demoYear({ now: Date.now(), timeZone });
  const n = await writeDemoYear(db, userId, plan);
  const s = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `• the demo's year up to ${plan.today} (${timeZone}): ${n.entries.toLocaleString("en")} entries, ${n.people} people, ` +
      `${n.checklists} checklists, ${n.stacks} stacks of ${n.stackItems} items, ${n.timers} timers, ${n.events} events, in ${s} s`,
  );
}

/** Starts wrangler dev with both Workers; resolves once /api/health answers. */
/** `output`: "inherit" for the terminal, or a file descriptor to log to. */
/**
 * The API's wrangler config for `o`: wrangler.toml itself, or, with vars, a copy beside the state with the
 * vars in its [vars], its paths made absolute, and .dev.vars beside it (wrangler reads it from the config's
 * folder). The deployed wrangler.toml never names PASSWORD_COST (auth/production-settings.test.ts).
 */
function apiConfig(o: SuiteOptions): string {
  const vars = Object.entries(o.vars ?? {});
  if (vars.length === 0) return "wrangler.toml";
  const dir = `${persistTo(o)}/api-config`;
  mkdirSync(dir, { recursive: true });
  // A var wrangler.toml sets already is set again in its place (TOML refuses a key twice); the rest go first.
  let toml = readFileSync(`${repo}wrangler.toml`, "utf8").replace(
    /^(main|migrations_dir) = "(?!\/)/gm,
    `$1 = "${repo}`,
  );
  const added: string[] = [];
  for (const [k, v] of vars) {
    const line = new RegExp(`^${k} = .*$`, "m");
    if (line.test(toml)) toml = toml.replace(line, () => `${k} = ${JSON.stringify(v)}`);
    else added.push(`${k} = ${JSON.stringify(v)}`);
  }
  toml = toml.replace(/^\[vars\]$/m, `[vars]\n${added.join("\n")}`);
  writeFileSync(`${dir}/wrangler.toml`, toml);
  copyFileSync(`${repo}.dev.vars`, `${dir}/.dev.vars`);
  return `${dir}/wrangler.toml`;
}

export async function serve(o: SuiteOptions, output: "inherit" | number = "inherit"): Promise<ChildProcess> {
  const child = spawnWrangler(
    [
      "dev",
      "-c",
      "workers/gateway/wrangler.toml",
      "-c",
      apiConfig(o),
      "--port",
      String(o.port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      ...persistArgs(o),
      ...(o.inspectorPort ? ["--inspector-port", String(o.inspectorPort)] : []),
      ...Object.entries(o.vars ?? {}).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { stdio: ["ignore", output, output], detached: true },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await localFetch(`http://nook.localhost:${o.port}/api/health`);
      if (res.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop(child);
  throw new Error("wrangler dev did not become ready within 120 s");
}

export function stop(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
}

/** A site of the local suite: `journal` → http://journal.nook.localhost:8787. */
export function siteUrl(port: number, site: SiteName = "root") {
  return siteOrigin(site, { site: "root", protocol: "http:", host: `nook.localhost:${port}` });
}

/**
 * A throwaway suite for tests and benchmarks: empty state in `dir`, migrations
 * applied, wrangler dev on `port` logging to dir/wrangler.log.
 */
export async function startFreshSuite(
  dir: string,
  port: number,
  prepare?: (o: SuiteOptions) => Promise<unknown>,
  more: Pick<SuiteOptions, "vars" | "inspectorPort"> = {},
) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const options: SuiteOptions = { port, persistTo: `${dir}/state`, ...more };
  ensureDevVars();
  applyMigrations(options);
  await prepare?.(options);
  const child = await serve(options, openSync(`${dir}/wrangler.log`, "w"));
  return { child, options };
}
