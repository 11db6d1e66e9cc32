import { hostnameOf, isIpAddress, isUnder } from "./cookie-domain.ts";

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

/** Where a page is: its own site (built into its bundle) and its location. */
export interface Here {
  site: SiteName;
  protocol: string;
  host: string;
}

/**
 * The suite's root hostname seen from a page of `site` at `host`. Every site is
 * on `<site>.<root>` and the launcher on the apex, so the root is the host
 * without the page's own site label — known, not guessed from the last two
 * labels (which under `co.uk` would be the suffix), and no setting the browser
 * cannot read: `journal.example.co.uk` → `example.co.uk`. A host that does not
 * start with the site's label (a preview address) is its own root.
 */
export function siteRoot(site: SiteName, host: string): string {
  const hostname = hostnameOf(host);
  return site !== "root" && hostname.startsWith(`${site}.`) ? hostname.slice(site.length + 1) : hostname;
}

/** The domain a page's preference cookies go on (its root), or undefined (host-only) on localhost or an IP. */
export function siteCookieDomain(site: SiteName, host: string): string | undefined {
  const root = siteRoot(site, host);
  return root === "localhost" || isIpAddress(root) || !root.includes(".") ? undefined : root;
}

/** The origin of a site seen from any page of the suite: `journal` → http://journal.nook.localhost:8787; `root` → the apex. */
export function siteOrigin(target: SiteName, here: Here): string {
  const port = here.host.slice(hostnameOf(here.host).length);
  const root = siteRoot(here.site, here.host);
  return `${here.protocol}//${target === "root" ? root : `${target}.${root}`}${port}`;
}

/** `next` when it is an absolute http(s) URL on the page's root domain or a subdomain of it, else null (no open redirects). */
export function safeNext(next: string | null | undefined, here: Pick<Here, "site" | "host">): string | null {
  if (!next) return null;
  try {
    const url = new URL(next);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return isUnder(hostnameOf(url.host), siteRoot(here.site, here.host)) ? url.href : null;
  } catch {
    return null;
  }
}
