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

/** True when `hostname` is `root` itself or one of its subdomains (`notexample.com` is not under `example.com`). */
export function isUnder(hostname: string, root: string): boolean {
  return hostname === root || hostname.endsWith(`.${root}`);
}

/**
 * A domain name ROOT_DOMAIN may be: two or more labels of letters, digits and
 * inner hyphens, lower-case, no port, no IP address.
 */
export function isRootDomain(name: string): boolean {
  const label = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
  return name.length <= 253 && new RegExp(`^${label}(?:\\.${label})+$`).test(name) && !isIpAddress(name);
}

/**
 * The domain the API sets its cookie on for a request to `host`, or undefined
 * for a host-only cookie (DESIGN §4). Never guessed from the host's last two
 * labels on a public name: under `co.uk` that names the suffix, which browsers
 * refuse and which every stranger's site shares.
 * - `rootDomain` (the ROOT_DOMAIN var) set: it, for a host that is it or under
 *   it; a host outside it (a workers.dev address) keeps its cookie to itself.
 * - unset, on `*.localhost` (local dev, tests): the host's last two labels,
 *   `journal.nook.localhost` → `nook.localhost`, so the local sites share a
 *   sign-in without a setting. `.localhost` is never a public name.
 * - unset, anywhere else (`localhost`, an IP, a public name): host-only, so a
 *   deployment without ROOT_DOMAIN signs in on each site separately.
 */
export function cookieDomain(host: string, rootDomain: string | null): string | undefined {
  const hostname = hostnameOf(host);
  if (rootDomain) return isUnder(hostname, rootDomain) ? rootDomain : undefined;
  if (!hostname.endsWith(".localhost")) return undefined;
  return hostname.split(".").filter(Boolean).slice(-2).join(".");
}

/**
 * Whether a page on `candidate` (an Origin's host) is of the suite that a
 * request to `host` belongs to: the same hostname always; else any host under
 * the request's cookie domain (`cookieDomain`: the configured root, or a local
 * `*.localhost` pair). Unset on a public host, only the exact host passes.
 */
export function isSameSite(candidate: string, host: string, rootDomain: string | null): boolean {
  const c = hostnameOf(candidate);
  if (c === hostnameOf(host)) return true;
  const root = cookieDomain(host, rootDomain);
  return root !== undefined && isUnder(c, root);
}

/** Hosts ending in .local or .localhost (or localhost itself) show the 'Local' badge. */
export function isLocalHost(host: string): boolean {
  const h = hostnameOf(host);
  return h === "localhost" || h.endsWith(".localhost") || h.endsWith(".local");
}
