/**
 * drizzle over `wrangler d1 execute`, local or remote: the scripts (account
 * CLI, demo seed) run the API's own queries (workers/api/src/auth/accounts.ts)
 * against the same D1 the Worker uses, without a Worker running.
 */
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { wrangler } from "./wrangler.ts";

/** `--local --persist-to X` or `--remote`. */
export type D1Target = string[];

export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** wrangler d1 execute takes no parameters: each `?` becomes its value as an SQL literal. */
export function inlineParams(sql: string, params: unknown[]): string {
  let i = 0;
  return sql.replace(/\?/g, () => sqlLiteral(params[i++]));
}

/** Runs SQL (one or more statements) and returns each statement's rows. */
export function executeSql(target: D1Target, sql: string): Record<string, unknown>[][] {
  const out = wrangler(["d1", "execute", "DB", ...target, "--json", "--command", sql], { quiet: true });
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[]).map((r) => r.results ?? []);
}

// drizzle's proxy wants rows as arrays in select order; D1 answers objects with keys in that order.
const asArrays = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row));

// For `get`, drizzle takes the one row itself, and no row as undefined.
const firstRow = (rows: unknown[][]) => rows[0] as unknown[];

export function wranglerDb(target: D1Target) {
  return drizzle(
    async (sql, params, method) => {
      const rows = asArrays(executeSql(target, inlineParams(sql, params)).at(-1) ?? []);
      return { rows: method === "get" ? firstRow(rows) : rows };
    },
    // A batch is one `d1 execute` of all its statements.
    async (queries) => {
      const results = executeSql(target, queries.map((q) => inlineParams(q.sql, q.params)).join(";\n"));
      return queries.map((q, i) => {
        const rows = asArrays(results[i] ?? []);
        return { rows: q.method === "get" ? firstRow(rows) : rows };
      });
    },
  );
}
