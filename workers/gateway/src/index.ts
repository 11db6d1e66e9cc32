import { STRICT_TRANSPORT_SECURITY, securityHeaders } from "@nook/shared/common/csp";
import type { SiteName } from "@nook/shared/common/sites";
import { siteForHost } from "./sites.ts";

/** What the gateway reads of its environment (wrangler.toml): the sites' builds, the API Worker, the apex. */
export type GatewayEnv = Pick<Env, "ASSETS" | "API" | "ROOT_DOMAIN">;

/**
 * Every site is a folder of dist/sites (root, auth, journal, ...). A request to
 * journal.<root>/x is answered from /journal/x; paths without a file fall back
 * to the site's index.html so client-side routes work on reload. Every answer
 * but the API's (which sets its own) carries the site's security headers — a
 * page, a 404, a 405, an asset's error alike: the CSP, COOP and the site's own
 * Permissions-Policy (csp.ts) — and HSTS when it came over https.
 */
export async function answer(request: Request, env: GatewayEnv): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return env.API.fetch(request);
  const site = siteForHost(url.host, env.ROOT_DOMAIN);
  return secured(await page(request, url, site, env), url, site);
}

export default { fetch: answer } satisfies ExportedHandler<Env>;

async function page(request: Request, url: URL, site: SiteName, env: GatewayEnv): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD")
    return new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  // The Pages headers file is the build's, not a page.
  if (url.pathname === "/_headers") return new Response("Not found", { status: 404 });
  const response = await env.ASSETS.fetch(new Request(new URL(`/${site}${url.pathname}`, url), request));
  if (response.status !== 404) return withCaching(response, url.pathname);
  // A missing file (a path with an extension) is the assets' own 404; any other path is a client-side route.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return withCaching(response, url.pathname);
  return withCaching(await env.ASSETS.fetch(new Request(new URL(`/${site}/index.html`, url), request)), "/index.html");
}

/** Hashed build assets are immutable; HTML, and every error, must always be revalidated. */
function withCaching(response: Response, pathname: string) {
  const headers = new Headers(response.headers);
  const immutable = pathname.startsWith("/assets/") && response.status < 400;
  headers.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The site's security headers on an answer; HSTS only over https (never on http://*.localhost). */
function secured(response: Response, url: URL, site: SiteName) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(securityHeaders(site))) headers.set(name, value);
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
