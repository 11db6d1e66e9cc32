/** Hostname without a port, lower-cased. IPv6 literals keep their brackets. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
}

export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[") || hostname.includes(":");
}

/**
 * The domain a cookie is set on (spec §9): the last two host parts, unless the
 * host is localhost or an IP address, where the cookie stays host-only.
 */
export function cookieDomain(host: string): string | undefined {
  const hostname = hostnameOf(host);
  if (hostname === "localhost" || isIpAddress(hostname)) return undefined;
  const parts = hostname.split(".").filter(Boolean);
  if (parts.length < 2) return undefined;
  return parts.slice(-2).join(".");
}

/** The main (root) site's hostname for a host: its cookie domain, or the host itself. */
export function rootHostname(host: string): string {
  return cookieDomain(host) ?? hostnameOf(host);
}

/** True when `candidate` is the root domain of `host` or one of its subdomains. */
export function isSameSite(candidate: string, host: string): boolean {
  const root = rootHostname(host);
  const c = hostnameOf(candidate);
  return c === root || c.endsWith(`.${root}`);
}

/** Hosts ending in .local or .localhost (or localhost itself) show the 'Local' badge. */
export function isLocalHost(host: string): boolean {
  const h = hostnameOf(host);
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local");
}
