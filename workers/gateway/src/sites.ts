import { isSiteName, type SiteName } from "@nook/shared/common/sites";

/**
 * The site a host asks for: the first label when it names a site
 * (journal.nook.localhost, journal.example.com), else the launcher ("root").
 */
export function siteForHost(host: string): SiteName {
  const first = host.replace(/:\d+$/, "").toLowerCase().split(".")[0] ?? "";
  return first !== "root" && isSiteName(first) ? first : "root";
}
