import { CROSS_ORIGIN_OPENER_POLICY, permissionsPolicy, STRICT_TRANSPORT_SECURITY } from "@nook/shared/common/csp";
import { createMiddleware } from "hono/factory";

/**
 * Every API answer is JSON about someone's account unless its route says
 * otherwise: no cache (the browser's or a proxy's) may keep one, and no
 * browser may sniff one into another type. A route that sets its own
 * Cache-Control (the public sky answers) keeps it. An answer over https
 * carries HSTS (csp.ts), as the sites' pages do; over http (local dev) none.
 * An answer opened in a tab (the logout's GET, an export, the calendar feed)
 * is a document too: it takes COOP as the sites' pages do, and a
 * Permissions-Policy that allows nothing, for a JSON answer uses no feature.
 */
const API_PERMISSIONS_POLICY = permissionsPolicy();

export const responseHeaders = createMiddleware(async function responseHeaders(c, next) {
  await next();
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  c.res.headers.set("Cross-Origin-Opener-Policy", CROSS_ORIGIN_OPENER_POLICY);
  c.res.headers.set("Permissions-Policy", API_PERMISSIONS_POLICY);
  if (new URL(c.req.url).protocol === "https:")
    c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
});
