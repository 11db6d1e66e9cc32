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
