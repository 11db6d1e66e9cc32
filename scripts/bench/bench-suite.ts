/**
 * What every benchmark stands on: a fresh local suite (wrangler dev on its own
 * port and state), its D1 reachable from Node (getPlatformProxy on the same
 * files) for seeding and bare baselines, and a signed-in session of user 1.
 */
import { openSync } from "node:fs";
import type { D1Database } from "@cloudflare/workers-types/index.ts";
import { getPlatformProxy } from "wrangler";
import type { SiteName } from "../../packages/shared/src/common/sites.ts";
import { localFetch } from "../local-fetch.ts";
import { serve, startFreshSuite, stop } from "../suite.ts";
import { repo } from "../wrangler.ts";

const PASSWORD = "bench-password-1";

export interface BenchSuite {
  db: D1Database;
  port: number;
  /** wrangler dev's inspector port, on the API Worker's isolate (isolate-heap.ts): the suite's port + 1000. */
  inspectorPort: number;
  origin(site: SiteName): string;
  /** Gives user 1 (the seed's bench@nook.localhost) a password and signs in: a Bearer token. */
  signIn(): Promise<string>;
  /** A JSON call to a site's /api as the token's user (none: signed out); anything but 2xx throws. */
  call(token: string | null, method: string, path: string, body?: unknown): Promise<unknown>;
  /**
   * Stops wrangler dev and starts it again on the same state: work still under way in it dies with it (a
   * statement's transaction rolled back), as the limits bench needs after a request past its deadline.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function benchSuite(
  seed: (db: D1Database) => Promise<void>,
  port = Number(process.env.BENCH_PORT ?? 8798),
  /** Vars for the Workers over .dev.vars (SuiteOptions.vars): a stand-in service's address, say. */
  vars?: Record<string, string>,
): Promise<BenchSuite> {
  const dir = `${repo}.bench`;
  const inspectorPort = port + 1000;
  let proxy: Awaited<ReturnType<typeof getPlatformProxy<{ DB: D1Database }>>> | undefined;
  const started = await startFreshSuite(
    dir,
    port,
    async () => {
      // wrangler's --persist-to X keeps D1 under X/v3; getPlatformProxy takes that folder.
      proxy = await getPlatformProxy<{ DB: D1Database }>({
        configPath: `${repo}wrangler.toml`,
        persist: { path: `${dir}/state/v3` },
        remoteBindings: false,
      });
      await seed(proxy.env.DB);
    },
    { inspectorPort, ...(vars ? { vars } : {}) },
  );
  let { child } = started;
  const db = (proxy as NonNullable<typeof proxy>).env.DB;
  const origin = (site: SiteName) => `http://${site}.nook.localhost:${port}`;
  return {
    db,
    port,
    inspectorPort,
    origin,
    async signIn() {
      const { hashPassword } = await import("../../workers/api/src/auth/password.ts");
      await db
        .prepare("UPDATE users SET password_hash = ? WHERE id = 1")
        .bind(await hashPassword(PASSWORD))
        .run();
      const res = await localFetch(`${origin("journal")}/api/auth/login`, {
        method: "POST",
        headers: { Origin: origin("journal"), "Content-Type": "application/json" },
        body: JSON.stringify({ email: "bench@nook.localhost", password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text()}`);
      return res.json<{ token: string }>().token;
    },
    async call(token, method, path, body) {
      const r = await localFetch(`${origin("journal")}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          Origin: origin("journal"),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text()}`);
      return r.json<unknown>();
    },
    async restart() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      stop(child);
      await exited;
      child = await serve(started.options, openSync(`${dir}/wrangler.log`, "a"));
    },
    async close() {
      stop(child);
      await proxy?.dispose();
    },
  };
}
