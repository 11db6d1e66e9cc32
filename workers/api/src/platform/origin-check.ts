import { isSameSite } from "@nook/shared/common/cookie-domain";
import { message } from "@nook/shared/common/messages";
import { createMiddleware } from "hono/factory";
import { hasSessionCookie } from "../auth/session.ts";
import type { AppEnv } from "./context.ts";
import { fail } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether an Origin is one of ours: the request's own scheme and port (a page served over http, or on
 * another port of the same host, is another origin, RFC 6454), and a host of the same site.
 */
function sameSiteOrigin(origin: string, requestUrl: string, rootDomain: string | null): boolean {
  try {
    const from = new URL(origin);
    const to = new URL(requestUrl);
    if (from.protocol !== to.protocol || from.port !== to.port) return false;
    return isSameSite(from.host, to.host, rootDomain);
  } catch {
    return false;
  }
}

/**
 * Unsafe methods must come from the request's scheme and port, and from the root domain (ROOT_DOMAIN) or one of its
 * subdomains; without ROOT_DOMAIN, from `*.localhost`'s pair or the exact host
 * (cookie-domain.ts isSameSite), never a guessed `co.uk`.
 * Sibling subdomains are "same-site", so SameSite=Lax alone does not stop a
 * hostile page on another subdomain; the Origin check does. Requests without
 * an Origin (scripts with a Bearer token) pass only when they carry no cookie.
 */
export const originCheck = createMiddleware<AppEnv>(async function originCheck(c, next) {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("Origin");
    const allowed = origin ? sameSiteOrigin(origin, c.req.url, c.var.config.rootDomain) : !hasSessionCookie(c);
    if (!allowed) return fail(c, 403, message("Cross-site request refused"));
  }
  await next();
});
