import type { SiteName } from "./sites.ts";

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

/**
 * The browser features a Permissions-Policy names, denied to every site but the ones that use it
 * (SITE_FEATURES): the powerful ones (sensors, camera, microphone, position, payment, devices) and those that
 * share something about the reader (topics, federated and digital credentials, the local network). Each is
 * one Chromium 156 knows: an unknown name is a warning in every page's console (Linux's Chromium knows
 * neither `bluetooth` nor `web-share`). A feature not listed keeps the browser's default.
 */
export const POLICY_FEATURES = [
  "accelerometer",
  "autoplay",
  "browsing-topics",
  "camera",
  "clipboard-read",
  "clipboard-write",
  "compute-pressure",
  "digital-credentials-get",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "gamepad",
  "geolocation",
  "gyroscope",
  "hid",
  "identity-credentials-get",
  "idle-detection",
  "keyboard-map",
  "local-fonts",
  "local-network-access",
  "magnetometer",
  "microphone",
  "midi",
  "otp-credentials",
  "payment",
  "picture-in-picture",
  "private-state-token-issuance",
  "private-state-token-redemption",
  "publickey-credentials-create",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "storage-access",
  "usb",
  "window-management",
  "xr-spatial-tracking",
] as const;
export type PolicyFeature = (typeof POLICY_FEATURES)[number];

/**
 * What each site uses, allowed for itself alone (`(self)`): the journal's runner follows the position, and
 * it, the calendar's feed, the donation page, the people book and the profile's invite link copy to the clipboard; the kids' lens reads
 * a picture from it; the auth site makes and uses passkeys (WebAuthn, allowed for itself by default: said so
 * here, since the list would deny them). Everything else in POLICY_FEATURES is denied.
 */
export const SITE_FEATURES: Record<SiteName, readonly PolicyFeature[]> = {
  root: [],
  auth: ["publickey-credentials-create", "publickey-credentials-get", "clipboard-write"],
  journal: ["geolocation", "clipboard-write"],
  donate: ["clipboard-write"],
  steps: [],
  calendar: ["clipboard-write"],
  people: ["clipboard-write"],
  kids: ["clipboard-read"],
  random: [],
  lupileon: [],
};

/**
 * A Permissions-Policy allowing `allowed` for the page's own origin and denying every other feature listed:
 * `accelerometer=(), …, geolocation=(self), …`. With nothing allowed, the API's (response-headers.ts).
 */
export function permissionsPolicy(allowed: readonly PolicyFeature[] = []): string {
  return POLICY_FEATURES.map((f) => `${f}=${allowed.includes(f) ? "(self)" : "()"}`).join(", ");
}

/**
 * No other page's window may hold a reference to ours, nor ours to another's (ASVS 5.0 3.4.8): a page opened
 * from elsewhere, or that opens another origin, is in a browsing context group of its own.
 */
export const CROSS_ORIGIN_OPENER_POLICY = "same-origin";

/** Headers every one of a site's answers carries: the policies, and its own Permissions-Policy. */
export function securityHeaders(site: SiteName): Record<string, string> {
  return {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": CROSS_ORIGIN_OPENER_POLICY,
    "Permissions-Policy": permissionsPolicy(SITE_FEATURES[site]),
  };
}

/**
 * HTTP Strict Transport Security: two years, every subdomain too. Sent on https only — by the gateway and the
 * API Worker when the request came over https, and in the production `_headers` (Pages serves https only); never
 * over http://*.localhost, where a browser ignores it anyway.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/** A site's Cloudflare Pages `_headers` file: every path gets the site's security headers and HSTS. */
export function pagesHeadersFile(site: SiteName): string {
  const headers = { ...securityHeaders(site), "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
  return ["/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ""].join("\n");
}
