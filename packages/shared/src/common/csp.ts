/**
 * The one Content-Security-Policy of every site: scripts, styles, data and
 * frames from the site itself only. No inline script is ever needed (the
 * theme runs from /theme.js); images may be data: URIs (the favicon). The
 * gateway sends it locally, and the build writes it into each site's
 * `_headers` for Cloudflare Pages.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every site's pages carry, with the policy. */
export const SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * HTTP Strict Transport Security: two years, every subdomain too. Sent on https only — by the gateway and the
 * API Worker when the request came over https, and in the production `_headers` (Pages serves https only); never
 * over http://*.localhost, where a browser ignores it anyway.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** A site's Cloudflare Pages `_headers` file: every path gets the security headers and HSTS. */
export function pagesHeadersFile(): string {
  const headers = { ...SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
  return ["/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ""].join("\n");
}
