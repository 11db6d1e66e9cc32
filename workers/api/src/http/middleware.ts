import { isSameSite } from "@nook/shared/cookie-domain";
import { createMiddleware } from "hono/factory";
import { authenticate, hasSessionCookie } from "../auth/session.ts";
import type { AppEnv } from "../context.ts";
import { openDb } from "../db/client.ts";
import { fail } from "./errors.ts";

export const withDb = createMiddleware<AppEnv>(async function withDb(c, next) {
  c.set("db", openDb(c.env.DB));
  await next();
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Unsafe methods must come from the root domain or one of its subdomains.
 * Sibling subdomains are "same-site", so SameSite=Lax alone does not stop a
 * hostile page on another subdomain; the Origin check does. Requests without
 * an Origin (scripts with a Bearer token) pass only when they carry no cookie.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const host = new URL(c.req.url).host;
    let allowed: boolean;
    if (origin) {
      try {
        allowed = isSameSite(new URL(origin).host, host);
      } catch {
        allowed = false;
      }
    } else {
      allowed = !hasSessionCookie(c);
    }
    if (!allowed) return fail(c, 403, "Cross-site request refused");
  }
  await next();
});

/** 401 unless the request carries a live session; sets `c.var.user`. */
export const requireUser = createMiddleware<AppEnv>(async function requireUser(c, next) {
  const session = await authenticate(c);
  if (!session) return fail(c, 401, "Not signed in");
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  await next();
});
