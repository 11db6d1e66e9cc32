import { SELF, env } from "cloudflare:test";
import { hashPassword } from "../src/auth/password.ts";

export const ORIGIN = "http://journal.nook.localhost";
const PASSWORD = "journal-test-password";
let hash: Promise<string> | undefined;

export async function resetJournal() {
  await env.DB.batch(["entry_metrics", "entry_tags", "entries", "tags", "metrics", "sessions", "login_attempts", "users"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** A user with a live session; `call` sends JSON with that session and a same-site Origin. */
export async function signedInUser(name: string) {
  hash ??= hashPassword(PASSWORD);
  const email = `${name.toLowerCase()}@example.com`;
  const row = await env.DB.prepare("INSERT INTO users (email, name, username, password_hash, time_zone) VALUES (?, ?, ?, ?, 'Europe/Moscow') RETURNING id")
    .bind(email, name, name.toLowerCase(), await hash)
    .first<{ id: number }>();
  const login = await SELF.fetch(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { token } = await login.json<{ token: string }>();
  const call = (method: string, path: string, body?: unknown) =>
    SELF.fetch(`${ORIGIN}/api/journal${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { id: row!.id, token, call };
}

export async function count(table: string): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}
