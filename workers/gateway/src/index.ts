import { SECURITY_HEADERS } from "@nook/shared/common/csp";
import { siteForHost } from "./sites.ts";

/**
 * Every site is a folder of dist/sites (root, auth, journal, ...). A request to
 * journal.<root>/x is answered from /journal/x; paths without a file fall back
 * to the site's index.html so client-side routes work on reload.
 */
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return env.API.fetch(request);
    const site = siteForHost(url.host);
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response("Method not allowed", { status: 405 });

    // The Pages headers file is the build's, not a page.
    if (url.pathname === "/_headers") return new Response("Not found", { status: 404 });
    const asset = new URL(`/${site}${url.pathname}`, url);
    const response = await env.ASSETS.fetch(new Request(asset, request));
    if (response.status !== 404) return withCaching(response, url.pathname);
    if (/\.[a-z0-9]+$/i.test(url.pathname)) return response;
    return withCaching(
      await env.ASSETS.fetch(new Request(new URL(`/${site}/index.html`, url), request)),
      "/index.html",
    );
  },
} satisfies ExportedHandler<Env>;

/** Hashed build assets are immutable; HTML must always be revalidated. Every answer carries the security headers. */
function withCaching(response: Response, pathname: string) {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  headers.set("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  return new Response(response.body, { status: response.status, headers });
}
