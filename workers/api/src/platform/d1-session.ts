/**
 * D1 read replication through the Sessions API: reads near the reader.
 *
 * Every request works over one D1 session, `env.DB.withSession(...)`, put on `c.var.d1` by the `platform`
 * middleware (env.ts); `c.var.db` is drizzle over it (behind the session gate for a signed-in request). After
 * the request the session's bookmark — the point in the database's history its last statement saw — goes to
 * the browser in a cookie on the suite's root domain, and the browser's next request, on any of the sites,
 * opens its session at that bookmark. So a person reads their own writes on every site (sequential
 * consistency per browser) while their reads are served by the nearest replica that has caught up.
 *
 * Where the primary is required:
 *   - writes: D1 sends every statement that writes to the primary, whatever the session. A request that may
 *     write (any method but GET, HEAD and OPTIONS) opens its session with "first-primary", so its reads
 *     before the write are not held back waiting for a replica to reach the browser's bookmark, and what it
 *     reads to decide a write (an entry's owner, a unique name) is the latest.
 *   - reads right after a write within one request: the session's bookmark advances with each answer, so a
 *     read that follows a write in the same request goes to the primary or to a replica at least as recent;
 *     the Sessions API does this by itself, nothing here.
 *   - a GET that writes (the steps' recount, the session's slide in require-user.ts): its write goes to
 *     the primary as any write does, and its bookmark, in the cookie, carries the write to the next request.
 * Everything else — a GET's reads, the session check of a GET (auth/session-gate.ts keeps it a read) — may
 * be served by a replica: "first-unconstrained" without a cookie, or the browser's bookmark.
 *
 * Locally (miniflare) there is one database and no replica: every answer carries the database's current
 * bookmark, the bookmark a request sends is not looked at, and the suite behaves as it did without sessions.
 * Scheduled work (index.ts `scheduled`) keeps `env.DB`, which always goes to the primary.
 */

import { cookieDomain } from "@nook/shared/common/cookie-domain";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { base64url } from "./base64url.ts";
import type { AppEnv } from "./context.ts";

/** The cookie that carries a browser's bookmark from one request (and one site) to the next. */
export const BOOKMARK_COOKIE = "nook_d1";
/**
 * How long a bookmark is kept: a replica lags the primary by seconds, so after a day any replica has passed
 * a bookmark and it no longer holds a read back; a day also covers a laptop closed mid-session.
 */
export const BOOKMARK_MAX_AGE_S = 24 * 60 * 60;

/**
 * What a bookmark looks like: D1's (as `wrangler d1 time-travel` shows them, and as miniflare's D1 gives
 * them) are three 8-digit hex numbers and a 32-digit hex hash joined by hyphens,
 * `00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683`. Anything else in the cookie — too long,
 * another alphabet, a constraint's name, a planted value — is ignored: the request opens an unconstrained
 * session instead, as a browser without the cookie does. The binding keeps the later of the bookmark it
 * was given and the ones D1 answers with, so a made-up value would otherwise stick.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: string): boolean {
  return value.length <= 128 && BOOKMARK.test(value);
}

/** Methods that read only (CORS preflights included): a session that may start at a replica. */
function readsOnly(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

function isHttps(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === "https:";
}

/**
 * The cookie holds the bookmark as the API issued it, signed: `{bookmark}~{HMAC-SHA256 of it, base64url}`
 * under the JWT secret. A well-formed bookmark the API never gave (planted on the root domain, made up to
 * hold every read of the browser at the primary, or far ahead of any replica) fails the signature and is
 * ignored like any bad value.
 */
const SIGNED = "~";
const bookmarkKeys = new Map<string, Promise<CryptoKey>>();
function bookmarkKey(secret: string): Promise<CryptoKey> {
  let key = bookmarkKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    bookmarkKeys.set(secret, key);
    key.catch(() => bookmarkKeys.delete(secret));
  }
  return key;
}
/** What is signed: the bookmark, named, so no other signature of the secret (a session's) can pass for it. */
const signedText = (bookmark: string) => new TextEncoder().encode(`nook_d1|${bookmark}`);

/** The cookie's value for `bookmark`: it and its signature. */
export async function signBookmark(secret: string, bookmark: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await bookmarkKey(secret), signedText(bookmark));
  return `${bookmark}${SIGNED}${base64url(mac)}`;
}

/** The bookmark a cookie value carries when its signature is the API's (checked in constant time), else null. */
export async function verifiedBookmark(secret: string, value: string): Promise<string | null> {
  const at = value.indexOf(SIGNED);
  if (at === -1 || value.length > 200) return null;
  const bookmark = value.slice(0, at);
  const mac = value.slice(at + 1);
  if (!isBookmark(bookmark) || !/^[\w-]{43}$/.test(mac)) return null;
  const bytes = Uint8Array.from(atob(mac.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  const ok = await crypto.subtle.verify("HMAC", await bookmarkKey(secret), bytes, signedText(bookmark));
  return ok ? bookmark : null;
}

/** The browser's bookmark, if it sent one the API signed. On https only the `__Secure-` cookie counts, as for the session. */
export async function requestBookmark(c: Context<AppEnv>): Promise<string | null> {
  const value = isHttps(c) ? getCookie(c, BOOKMARK_COOKIE, "secure") : getCookie(c, BOOKMARK_COOKIE);
  return value === undefined ? null : verifiedBookmark(c.var.config.jwtSecret, value);
}

/** What the request's session starts from: the primary for a request that may write, else the bookmark or anywhere. */
export function sessionStart(method: string, bookmark: string | null): string {
  if (!readsOnly(method)) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

/** Opens the request's D1 session (`c.var.d1`). */
export async function openSession(c: Context<AppEnv>): Promise<D1DatabaseSession> {
  // A request that may write starts at the primary whatever it sends: its cookie is not even checked.
  const bookmark = readsOnly(c.req.method) ? await requestBookmark(c) : null;
  return c.env.DB.withSession(sessionStart(c.req.method, bookmark));
}

/**
 * The session's bookmark after the request, signed, in the cookie: on the root domain (as the session cookie,
 * cookie-domain.ts) so every site's next request starts from it. Nothing when the request made no trip.
 */
export async function writeBookmark(c: Context<AppEnv>, d1: D1DatabaseSession): Promise<void> {
  // A route read by apps that keep no cookies (the calendar feed) says so: a cookie would only be noise there.
  if (c.var.noBookmark) return;
  const bookmark = d1.getBookmark();
  if (!bookmark || !isBookmark(bookmark)) return;
  // An answer a shared cache may keep (the sky's) is everyone's: no one browser's cookie on it.
  if (/^\s*public\b/i.test(c.res.headers.get("Cache-Control") ?? "")) return;
  const secure = isHttps(c);
  setCookie(c, BOOKMARK_COOKIE, await signBookmark(c.var.config.jwtSecret, bookmark), {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    domain: cookieDomain(new URL(c.req.url).host, c.var.config.rootDomain),
    maxAge: BOOKMARK_MAX_AGE_S,
    ...(secure ? { secure: true, prefix: "secure" as const } : {}),
  });
}
