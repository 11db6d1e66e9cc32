/** The sites, by subdomain; the apex serves the launcher ("root"). */
export const SITES = ["root", "auth", "journal", "donate", "steps", "calendar", "people", "kids", "random", "lupileon"] as const;
export type Site = (typeof SITES)[number];

/**
 * The site a host asks for: the first label when it names a site
 * (journal.nook.localhost, journal.example.com), else the launcher.
 */
export function siteForHost(host: string): Site | null {
  const hostname = host.replace(/:\d+$/, "").toLowerCase();
  const first = hostname.split(".")[0] ?? "";
  if ((SITES as readonly string[]).includes(first) && first !== "root") return first as Site;
  return "root";
}
