import { hostnameOf, isSameSite, rootHostname } from "./cookie-domain.ts";

/** The origin of a sibling site: `journal` → http://journal.nook.localhost:8787; `root` → the apex. */
export function siteOrigin(site: string, current: { protocol: string; host: string }): string {
  const port = current.host.slice(hostnameOf(current.host).length);
  const root = rootHostname(current.host);
  return `${current.protocol}//${site === "root" ? root : `${site}.${root}`}${port}`;
}

/** `next` when it is an absolute URL on the same root domain, else null (no open redirects). */
export function safeNext(next: string | null | undefined, current: { host: string }): string | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return isSameSite(url.host, current.host) ? url.href : null;
  } catch {
    return null;
  }
}
