/**
 * drizzle over the API Worker's D1, for the scripts that run the API's own
 * queries (the account CLI, the demo seed) without a Worker running. The
 * binding is a real D1 from wrangler's getPlatformProxy, so parameters are
 * bound as in the Worker, never spliced into SQL, and its refusals are D1's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import type { D1Database } from "@cloudflare/workers-types/index.ts";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { openDb } from "../workers/api/src/platform/db.ts";
import { repo } from "./wrangler.ts";

/** The local D1 in a state folder (wrangler's --persist-to), or the deployed one. */
export type D1Target = { persistTo: string } | "remote";

/**
 * A config holding only wrangler.toml's D1 binding: the proxy then starts no
 * vars or secrets (nor warns of a missing one), and the binding can be marked
 * `remote`, which wrangler.toml's must not be (`wrangler dev` stays local).
 */
function d1Config(dir: string, remote: boolean): string {
  // Typed here: wrangler's own types for its config come from a package it bundles, not installed.
  const api: {
    name: string;
    compatibility_date: string;
    account_id?: string;
    d1_databases: { binding: string; database_name: string; database_id: string }[];
  } = unstable_readConfig({ config: `${repo}wrangler.toml` });
  const path = `${dir}/wrangler.json`;
  writeFileSync(
    path,
    JSON.stringify({
      name: api.name,
      compatibility_date: api.compatibility_date,
      account_id: api.account_id,
      d1_databases: api.d1_databases.map(({ binding, database_name, database_id }) => ({
        binding,
        database_name,
        database_id,
        remote,
      })),
    }),
  );
  return path;
}

/**
 * Opens the target's D1; `close` ends the proxy (its workerd), which a script
 * must call before it exits. Locally it is the SQLite file `wrangler dev
 * --persist-to` uses (the same database id). Remotely it is a remote binding:
 * wrangler runs a small proxy Worker on the account — it needs `wrangler
 * login`, as `d1 execute --remote` does — and the queries are still bound here.
 */
export async function openD1(target: D1Target) {
  const dir = mkdtempSync(`${tmpdir()}/nook-d1-config-`);
  try {
    const remote = target === "remote";
    const proxy = await getPlatformProxy<{ DB: D1Database }>({
      configPath: d1Config(dir, remote),
      // wrangler's --persist-to X keeps D1 under X/v3; getPlatformProxy takes that folder.
      persist: remote ? false : { path: `${target.persistTo}/v3` },
      remoteBindings: remote,
    });
    return { db: openDb(proxy.env.DB), close: () => proxy.dispose() };
  } finally {
    // The proxy has read its config by the time it is up.
    rmSync(dir, { recursive: true, force: true });
  }
}
