import { isSameSite } from "@nook/shared/common/cookie-domain";
import { message } from "@nook/shared/common/messages";
import { createMiddleware } from "hono/factory";
import { hasSessionCookie } from "../auth/session.ts";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameSiteOrigin(origin: string, host: string): boolean {
  try {
    return isSameSite(new URL(origin).host, host);
  } catch {
    return false;
  }
}

/**
 * Unsafe methods must come from the root domain or one of its subdomains.
 * Sibling subdomains are "same-site", so SameSite=Lax alone does not stop a
 * hostile page on another subdomain; the Origin check does. Requests without
 * an Origin (scripts with a Bearer token) pass only when they carry no cookie.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const allowed = origin ? sameSiteOrigin(origin, new URL(c.req.url).host) : !hasSessionCookie(c);
    if (!allowed) return fail(c, 403, message("Cross-site request refused"));
  }
  await next();
});
