import { SELF, env } from "cloudflare:test";
import { hashPassword } from "../src/auth/password.ts";

export const ORIGIN = "http://journal.nook.localhost";
export const AUTH = "http://auth.nook.localhost";
export const PASSWORD = "correct horse battery";
let hash: Promise<string> | undefined;

const TABLES = ["entry_metrics", "entry_tags", "entries", "tags", "metrics", "sessions", "login_attempts", "users"];

/** Storage persists across the tests of a file: each test starts from empty tables. */
export async function resetDb() {
  await env.DB.batch(TABLES.map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** A user row with PASSWORD (hashed once per file: scrypt is deliberately slow). */
export async function createUser(name: string, extra: { timeZone?: string | null; passwordHash?: string } = {}) {
  hash ??= hashPassword(PASSWORD);
  const email = `${name.toLowerCase()}@example.com`;
  const row = await env.DB.prepare("INSERT INTO users (email, name, username, password_hash, time_zone) VALUES (?, ?, ?, ?, ?) RETURNING id")
    .bind(email, name, name.toLowerCase(), extra.passwordHash ?? (await hash), extra.timeZone === undefined ? "Europe/Moscow" : extra.timeZone)
    .first<{ id: number }>();
  return { id: row!.id, email, name, username: name.toLowerCase() };
}

/** JSON request with a same-site Origin, as a browser on a Nook site sends it. */
export function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(url, {
    method,
    headers: { Origin: AUTH, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function login(email: string, password = PASSWORD, headers: Record<string, string> = {}, base = AUTH) {
  return send("POST", `${base}/api/auth/login`, { email, password }, headers);
}

/** `name=value` of a Set-Cookie header, for sending the cookie back. */
export function cookiePair(res: Response): string {
  const header = res.headers.get("Set-Cookie") ?? "";
  return header.split(";")[0] ?? "";
}

/** A user with a live session; `call` sends JSON to /api/journal with that session. */
export async function signedInUser(name: string) {
  const user = await createUser(name);
  const res = await login(user.email);
  const { token } = await res.json<{ token: string }>();
  const call = (method: string, path: string, body?: unknown) =>
    SELF.fetch(`${ORIGIN}/api/journal${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { ...user, token, call };
}

export async function count(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).bind(...binds).first<{ n: number }>())!.n;
}
