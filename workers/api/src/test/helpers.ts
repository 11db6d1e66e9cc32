import { env, SELF } from "cloudflare:test";
import { type ErrorBody, SERVER_MESSAGES } from "@nook/shared/common/messages";
import { testClient } from "hono/testing";
import { expect, it } from "vitest";
import { app } from "../app.ts";
import { hashPassword } from "../auth/password.ts";
import { createSession } from "../auth/session.ts";
import { openDb } from "../platform/db.ts";

export const ORIGIN = "http://journal.nook.localhost";
export const AUTH = "http://auth.nook.localhost";
export const PASSWORD = "correct horse battery";
let hash: Promise<string> | undefined;

/**
 * Every table the migrations made (a new area's tables included), D1's own left out, and the search index
 * (a virtual table and its shadow tables, kept by the triggers on entries: emptied with them).
 */
export function tableNames(): Promise<string[]> {
  // The migrations are applied once a run, before any test: the tables stay the same, asked once.
  names ??= env.DB.prepare(
    `SELECT name FROM sqlite_master m WHERE type = 'table'
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'
       AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master v WHERE v.type = 'table' AND v.sql LIKE 'CREATE VIRTUAL TABLE%'
         AND m.name LIKE v.name || '!_%' ESCAPE '!')
     ORDER BY name`,
  )
    .all<{ name: string }>()
    .then(({ results }) => results.map((r) => r.name));
  return names;
}
let names: Promise<string[]> | undefined;

/** Storage persists across the tests of a file: each test starts from empty tables. */
export async function resetDb() {
  await env.DB.batch((await tableNames()).map((t) => env.DB.prepare(`DELETE FROM "${t}"`)));
}

/** Every row of every table, for "nothing changed" checks. */
export async function dumpDb(): Promise<Record<string, unknown[]>> {
  const tables = await tableNames();
  // One batch, one trip to D1, rather than a trip a table: the route-walking suites read it twice a test.
  const read = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t}" ORDER BY rowid`)));
  return Object.fromEntries(tables.map((t, i) => [t, read[i]?.results ?? []]));
}

/** The hash of PASSWORD at the suite's cost (PASSWORD_COST "test"), made once per file. */
export function passwordHash(): Promise<string> {
  hash ??= hashPassword(PASSWORD, "scrypt", "test");
  return hash;
}

/** A user row with PASSWORD, inserted directly (no hashing per test). */
export async function createUser(
  name: string,
  extra: { timeZone?: string | null; passwordHash?: string; email?: string } = {},
) {
  const email = extra.email ?? `${name.toLowerCase()}@example.com`;
  const row = await env.DB.prepare(
    "INSERT INTO users (email, name, username, password_hash, time_zone) VALUES (?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      email,
      name,
      name.toLowerCase(),
      extra.passwordHash ?? (await passwordHash()),
      extra.timeZone === undefined ? "Europe/Moscow" : extra.timeZone,
    )
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
  return send("POST", `${base}/api/auth/login`, { email, password }, { Origin: base, ...headers });
}

/** Signs in through the API; the token, the cookie to send back, and the session's id. */
export async function signIn(email: string, password = PASSWORD) {
  const res = await login(email, password);
  if (res.status !== 200) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  const { token } = await res.json<{ token: string }>();
  return { token, cookie: cookiePair(res), sessionId: claimsOf(token).sid as string };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The cookies a response sets but the D1 bookmark's (platform/d1-session.ts), which every answer that made
 * a trip to D1 carries: the session cookie, when there is one.
 */
export function sessionCookies(res: Response): string[] {
  return res.headers.getSetCookie().filter((c) => /^(__Secure-)?nook_session=/.test(c));
}

/** The account cookies (auth/session.ts) a response sets, as sent. */
export function accountCookies(res: Response): string[] {
  return res.headers.getSetCookie().filter((c) => /^(__Secure-)?nook_account=/.test(c));
}

/** `name=value` of the (last) session cookie a response sets, for sending it back. */
export function cookiePair(res: Response): string {
  const header = sessionCookies(res).at(-1) ?? "";
  return header.split(";")[0] ?? "";
}

/** A JWT's payload, decoded without checking anything. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(base64url(token.split(".")[1] ?? "")) as Record<string, unknown>;
}
function base64url(s: string) {
  return atob(s.replace(/-/g, "+").replace(/_/g, "/"));
}

/**
 * A user with a live session: `api` is the typed client (hono/testing) with
 * that session; `call` sends raw JSON to /api/journal, for what types forbid.
 * The session is the one a sign-in starts (its row, its signed token), made
 * without the sign-in's scrypt: the login route has its own tests, and here
 * it cost every test a deliberately slow hash check.
 */
export async function signedInUser(name: string) {
  const user = await createUser(name);
  const { token } = await createSession(openDb(env.DB), env.JWT_SECRET, user);
  const call = (method: string, path: string, body?: unknown) =>
    SELF.fetch(`${ORIGIN}/api/journal${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: ORIGIN,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const api = testClient(app, env, undefined, {
    headers: { Authorization: `Bearer ${token}`, Origin: "http://localhost" },
  }).api;
  return { ...user, token, call, api };
}

export async function count(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}

/**
 * An error body (DESIGN §3), checked whole: the same English in `message` and
 * `error`, a registered `code`, and `values` of plain strings and numbers.
 */
export async function errorBodyOf(res: { json(): Promise<unknown> }): Promise<ErrorBody> {
  const body = (await res.json()) as Partial<Record<keyof ErrorBody, unknown>>;
  if (typeof body.message !== "string" || body.message === "" || body.error !== body.message) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  if (typeof body.code !== "string" || !Object.hasOwn(SERVER_MESSAGES, body.code)) {
    throw new Error(`not a registered code: ${JSON.stringify(body)}`);
  }
  const values = body.values;
  if (
    typeof values !== "object" ||
    values === null ||
    Object.values(values).some((v) => typeof v !== "string" && typeof v !== "number")
  ) {
    throw new Error(`values are not a record of strings and numbers: ${JSON.stringify(body)}`);
  }
  return body as ErrorBody;
}

/** An error body's English text, the body checked whole (`errorBodyOf`). */
export async function errorOf(res: { json(): Promise<unknown> }): Promise<string> {
  return (await errorBodyOf(res)).message;
}

/** A typed response narrowed to one status, failing the test (with the body) on any other. */
export async function expectStatus<R extends { status: number; text(): Promise<string> }, S extends number>(
  res: R,
  status: S,
): Promise<Extract<R, { status: S }>> {
  expect(res.status, res.status === status ? "" : await res.text()).toBe(status);
  return res as Extract<R, { status: S }>;
}

/** The JSON body of a raw response, failing the test (with the body) unless its status is this one. */
export async function bodyOf<T>(res: Response, status: number): Promise<T> {
  expect(res.status, res.status === status ? "" : await res.clone().text()).toBe(status);
  return res.json<T>();
}

/**
 * One test a case: the request is refused with 400 and exactly these words,
 * and not a row of the database changes. A case is [title, words, request].
 */
export function refusesEach(cases: [title: string, words: string, request: () => Promise<Response>][]) {
  for (const [title, words, request] of cases)
    it(`${title} → 400 '${words}'`, async () => {
      const before = await dumpDb();
      const res = await request();
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(words);
      expect(await dumpDb()).toEqual(before);
    });
}
