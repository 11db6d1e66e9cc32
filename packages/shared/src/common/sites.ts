import { hostnameOf, isSameSite, rootHostname } from "./cookie-domain.ts";

/** Every site of the suite: its folder under pages/ and its subdomain (root = the apex). */
export const SITES = [
  "root",
  "auth",
  "journal",
  "donate",
  "steps",
  "calendar",
  "people",
  "kids",
  "random",
  "lupileon",
] as const;
export type SiteName = (typeof SITES)[number];

export function isSiteName(name: string): name is SiteName {
  return (SITES as readonly string[]).includes(name);
}

/** The origin of a site seen from any host of the suite: `journal` → http://journal.nook.localhost:8787; `root` → the apex. */
export function siteOrigin(site: SiteName, current: { protocol: string; host: string }): string {
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
