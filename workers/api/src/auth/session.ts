import { ACCOUNT_COOKIE } from "@nook/shared/common/account-cookie";
import { cookieDomain } from "@nook/shared/common/cookie-domain";
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import { randomBase64url } from "../platform/base64url.ts";
import type { AppEnv } from "../platform/context.ts";
import { type Db, openDb } from "../platform/db.ts";
import { sessions } from "./schema.ts";
import type { SessionRead } from "./session-gate.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends 30 days after its last use (it slides forward while used)… */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** …and 90 days after it began, however much it is used: then the person signs in again (ASVS 7.3.2). */
export const SESSION_LIFETIME_MS = 90 * DAY_MS;
/** The most of a browser's User-Agent a session keeps, for the list of sessions. */
export const SESSION_AGENT_MAX = 256;
/** A session's expiry slides forward at most this often, so a busy session is not a write per request. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;
const COOKIE_NAME = "nook_session";

interface TokenClaims {
  sub: string;
  sid: string;
  name: string;
}

/** Who is signed in, as every handler behind `requireUser` sees it. */
export interface SessionUser {
  id: number;
  name: string;
  username: string;
  email: string;
  accentColor: string;
  timeZone: string | null;
}

// The secret's length is checked once, with the other settings (platform/env.ts).
export function key(secret: string) {
  return new TextEncoder().encode(secret);
}

/**
 * The secret as an HMAC key for checking tokens, imported once per secret:
 * every signed-in request checks one, and importing the raw bytes each time
 * was a good part of that check (jose imports a byte key on every call).
 */
const verifyKeys = new Map<string, Promise<CryptoKey>>();
export function verifyKey(secret: string): Promise<CryptoKey> {
  let imported = verifyKeys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", key(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(secret, imported);
    // A failed import is not kept: the next request tries again.
    imported.catch(() => verifyKeys.delete(secret));
  }
  return imported;
}

export function isHttps(c: Context) {
  return new URL(c.req.url).protocol === "https:";
}

export function randomId() {
  return randomBase64url(32);
}

async function signToken(secret: string, claims: TokenClaims, expiresAt: number) {
  return new SignJWT({ sid: claims.sid, name: claims.name })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key(secret));
}

/** Where both cookies live: the root domain (ROOT_DOMAIN) so every sub-site shares them; `__Secure-` on https. */
export function cookiePlace(c: Context<AppEnv>) {
  return {
    path: "/",
    domain: cookieDomain(new URL(c.req.url).host, c.var.config.rootDomain),
    ...(isHttps(c) ? { secure: true, prefix: "secure" as const } : {}),
  };
}

const lifetime = (expiresAt: number) => ({
  sameSite: "Lax" as const,
  expires: new Date(expiresAt),
  maxAge: Math.floor((expiresAt - Date.now()) / 1000),
});

/**
 * The account cookie (`nook_account`, shared/common/account-cookie.ts): beside the session's, with its lifetime,
 * readable by the sites' scripts, naming whose session it is, so a site started offline knows whose kept things
 * to show.
 */
export function writeAccountCookie(c: Context<AppEnv>, userId: number, expiresAt: number) {
  setCookie(c, ACCOUNT_COOKIE, String(userId), { ...cookiePlace(c), ...lifetime(expiresAt) });
}

/** The session's cookie (HttpOnly), and the account cookie with it. */
function writeCookie(c: Context<AppEnv>, token: string, expiresAt: number, userId: number) {
  setCookie(c, COOKIE_NAME, token, { ...cookiePlace(c), ...lifetime(expiresAt), httpOnly: true });
  writeAccountCookie(c, userId, expiresAt);
}

/** Both cookies gone (a sign-out, the account deleted). */
export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, COOKIE_NAME, cookiePlace(c));
  deleteCookie(c, ACCOUNT_COOKIE, cookiePlace(c));
}

/** A new session's row for `user` (with the browser's User-Agent, if any), not yet written. */
function sessionRow(userId: number, userAgent: string | null) {
  const now = Date.now();
  return {
    id: randomId(),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_TTL_MS,
    userAgent: userAgent?.slice(0, SESSION_AGENT_MAX) ?? null,
  };
}

/** A new session of `user`: its row in `sessions` (with the browser's User-Agent, if any) and its signed token. */
export async function createSession(
  db: Db,
  jwtSecret: string,
  user: { id: number; name: string },
  userAgent: string | null = null,
) {
  const row = sessionRow(user.id, userAgent);
  await db.insert(sessions).values(row);
  const token = await signToken(jwtSecret, { sub: String(user.id), sid: row.id, name: user.name }, row.expiresAt);
  return { token, sessionId: row.id, expiresAt: row.expiresAt };
}

/** Starts a session: a row in `sessions`, a signed token in the body and in the cookie. */
export async function startSession(c: Context<AppEnv>, user: { id: number; name: string }) {
  const agent = c.req.header("User-Agent") ?? null;
  const { token, sessionId, expiresAt } = await createSession(c.var.db, c.var.config.jwtSecret, user, agent);
  writeCookie(c, token, expiresAt, user.id);
  return { token, sessionId };
}

/**
 * A session to start in a batch of the route's own (a passkey's sign-in, whose challenge is spent in the same
 * trip): `insert` is its row's statement; once the batch has landed, `begin` signs its token and writes the
 * cookies.
 */
export function sessionToStart(c: Context<AppEnv>, user: { id: number; name: string }) {
  const row = sessionRow(user.id, c.req.header("User-Agent") ?? null);
  return {
    insert: c.var.db.insert(sessions).values(row),
    async begin() {
      const claims = { sub: String(user.id), sid: row.id, name: user.name };
      const token = await signToken(c.var.config.jwtSecret, claims, row.expiresAt);
      writeCookie(c, token, row.expiresAt, user.id);
      return { token, sessionId: row.id };
    },
  };
}

/**
 * The token a request carries: `Authorization: Bearer` for scripts, else the cookie.
 * On https only the `__Secure-` cookie counts: a plain one may have been planted
 * on the root domain over http, and would otherwise override the real one.
 */
export function requestToken(c: Context<AppEnv>): { token: string; via: "bearer" | "cookie" } | null {
  const header = c.req.header("Authorization");
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  const cookie = isHttps(c) ? getCookie(c, COOKIE_NAME, "secure") : getCookie(c, COOKIE_NAME);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** Either cookie name: the Origin check errs on the strict side. */
export function hasSessionCookie(c: Context<AppEnv>): boolean {
  return Boolean(getCookie(c, COOKIE_NAME) ?? getCookie(c, COOKIE_NAME, "secure"));
}

/** A token's claims once its signature and expiry hold: whose session, which one, and how it came. */
export interface VerifiedToken {
  userId: number;
  sessionId: string;
  name: string;
  via: "bearer" | "cookie";
}

/**
 * The token's signature and expiry: who the request is from. Not yet whether
 * the session is live — that is the sessions row's, read by the session gate
 * (session-gate.ts) on the request's first trip to D1.
 */
export async function verifyToken(c: Context<AppEnv>): Promise<VerifiedToken | null> {
  const carried = requestToken(c);
  if (!carried) return null;
  try {
    const { payload } = await jwtVerify(carried.token, await verifyKey(c.var.config.jwtSecret), {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "exp"],
    });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string") return null;
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { userId, sessionId: payload.sid, name: String(payload.name ?? ""), via: carried.via };
  } catch {
    return null;
  }
}

/**
 * A session in use slides its expiry forward, at most once an hour so a busy
 * session is not a write per request; a cookie is written anew with it. A
 * cookie session whose account cookie is missing or names another account
 * (a session that began before the account cookie) gets it written again.
 */
export async function slideSession(c: Context<AppEnv>, token: VerifiedToken, read: SessionRead, now: number) {
  if (now - read.lastSeenAt <= REFRESH_AFTER_MS) {
    const named = getCookie(c, ACCOUNT_COOKIE) ?? getCookie(c, ACCOUNT_COOKIE, "secure");
    if (token.via === "cookie" && named !== String(token.userId))
      writeAccountCookie(
        c,
        token.userId,
        Math.min(read.lastSeenAt + SESSION_TTL_MS, read.createdAt + SESSION_LIFETIME_MS),
      );
    return;
  }
  // Slid forward, but never past the session's absolute end.
  const expiresAt = Math.min(now + SESSION_TTL_MS, read.createdAt + SESSION_LIFETIME_MS);
  // Past the session gate (the check has passed): straight on the request's D1 session; a write, so the primary.
  await openDb(c.var.d1 as unknown as D1Database)
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, token.sessionId), eq(sessions.userId, token.userId)));
  if (token.via === "cookie") {
    const claims = { sub: String(token.userId), sid: token.sessionId, name: read.user.name };
    writeCookie(c, await signToken(c.var.config.jwtSecret, claims, expiresAt), expiresAt, token.userId);
  }
}

/** Drops the sessions that have ended (expired, or past their lifetime): the cron, as it drops old attempts. */
export async function purgeExpiredSessions(db: Db, now = Date.now()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
