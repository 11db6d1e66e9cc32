import { hostnameOf, isUnder } from "@nook/shared/common/cookie-domain";
import { isSiteName, type SiteName } from "@nook/shared/common/sites";

/**
 * The site a host asks for. With the suite's apex configured (ROOT_DOMAIN), the
 * label just before it (journal.example.co.uk → journal, the apex → the
 * launcher); without one, or on a host outside it, the first label
 * (journal.nook.localhost, journal.example.com). A label that names no site is
 * the launcher ("root").
 */
export function siteForHost(host: string, rootDomain = ""): SiteName {
  const hostname = hostnameOf(host);
  const root = rootDomain.trim().toLowerCase();
  const label =
    root && isUnder(hostname, root)
      ? (hostname.slice(0, -root.length).split(".").at(-2) ?? "")
      : (hostname.split(".")[0] ?? "");
  return label !== "root" && isSiteName(label) ? label : "root";
}
