import { isSameSite } from "@nook/shared/common/cookie-domain";
import { message } from "@nook/shared/common/messages";
import { createMiddleware } from "hono/factory";
import { hasSessionCookie } from "../auth/session.ts";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function sameSiteOrigin(origin: string, host: string, rootDomain: string | null): boolean {
  try {
    return isSameSite(new URL(origin).host, host, rootDomain);
  } catch {
    return false;
  }
}

/**
 * Unsafe methods must come from the root domain (ROOT_DOMAIN) or one of its
 * subdomains; without ROOT_DOMAIN, from `*.localhost`'s pair or the exact host
 * (cookie-domain.ts isSameSite), never a guessed `co.uk`.
 * Sibling subdomains are "same-site", so SameSite=Lax alone does not stop a
 * hostile page on another subdomain; the Origin check does. Requests without
 * an Origin (scripts with a Bearer token) pass only when they carry no cookie.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const allowed = origin
      ? sameSiteOrigin(origin, new URL(c.req.url).host, c.var.config.rootDomain)
      : !hasSessionCookie(c);
    if (!allowed) return fail(c, 403, message("Cross-site request refused"));
  }
  await next();
});
