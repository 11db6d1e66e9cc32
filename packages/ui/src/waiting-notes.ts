import { readCookie } from "@nook/shared/common/preferences";
import { isSiteName, type SiteName, siteCookieDomain } from "@nook/shared/common/sites";
import { SITE } from "./site.ts";

/**
 * How many of an account's writes wait unsent in each site's queue, told to every site of the browser.
 * Each site keeps its queue in its own IndexedDB, which no other origin reads, so the sign-out (on the auth
 * site) learns from small cookies on the root domain: `nook_waiting_<site>_<account>=<count>`, written by
 * each site's queue as its count changes. A discard asked at sign-out is a cookie too,
 * `nook_discard_<account>=<time>`: each site's queue drops that account's writes kept before it, when it
 * next starts. Counts and times only: nothing a person wrote.
 */
const WAITING = "nook_waiting_";
const DISCARD = "nook_discard_";
/** A discard is heard by a site opened within this long (the server keeps a write's key as long). */
const DISCARD_MAX_AGE_S = 30 * 24 * 3600;

function setCookie(name: string, value: string, maxAge: number) {
  const domain = siteCookieDomain(SITE, location.host);
  const secure = location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write on the root domain, as preferences.ts
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ""}${secure}`;
}

/** This site's queue holds `count` unsent writes of `account`. */
export function noteWaiting(account: number, count: number) {
  const name = `${WAITING}${SITE}_${account}`;
  if (count > 0) setCookie(name, String(count), DISCARD_MAX_AGE_S);
  else if (readCookie(document.cookie, name) !== undefined) setCookie(name, "", 0);
}

export interface Waiting {
  site: SiteName;
  count: number;
}

/** The sites where `account`'s writes wait unsent, as their queues last told. */
export function waitingOf(account: number): Waiting[] {
  const found: Waiting[] = [];
  for (const part of document.cookie.split(";")) {
    const [name = "", value = ""] = part.trim().split("=");
    const match = new RegExp(`^${WAITING}([a-z]+)_(\\d+)$`).exec(name);
    const count = Number(value);
    if (!match || Number(match[2]) !== account || !isSiteName(match[1] ?? "")) continue;
    if (Number.isSafeInteger(count) && count > 0) found.push({ site: match[1] as SiteName, count });
  }
  return found;
}

/** `account`'s waiting writes are to go, on every site, unsent: each queue drops them at its next start. */
export function discardWaiting(account: number, now = Date.now()) {
  for (const { site } of waitingOf(account)) setCookie(`${WAITING}${site}_${account}`, "", 0);
  setCookie(`${DISCARD}${account}`, String(now), DISCARD_MAX_AGE_S);
}

/** When a discard of `account`'s waiting writes was asked (epoch ms), or null. */
export function discardedBefore(account: number): number | null {
  const at = Number(readCookie(document.cookie, `${DISCARD}${account}`));
  return Number.isSafeInteger(at) && at > 0 ? at : null;
}

/** The latest discard asked for any account (epoch ms), or null: a site drops those writes once (offline-queue.ts). */
export function latestDiscard(): number | null {
  let latest: number | null = null;
  for (const part of document.cookie.split(";")) {
    const [name = "", value = ""] = part.trim().split("=");
    const at = Number(value);
    if (name.startsWith(DISCARD) && Number.isSafeInteger(at) && at > (latest ?? 0)) latest = at;
  }
  return latest;
}
