/**
 * How many of an account's writes wait unsent in each site's queue, told to every site of the browser.
 * Each site keeps its queue in its own IndexedDB, which no other origin reads, so the sign-out (on the auth
 * site) learns from small cookies on the root domain: `nook_waiting_<site>_<account>=<count>`, written by
 * each site's queue as its count changes. A discard asked at sign-out is a cookie too,
 * `nook_discard_<account>=<time>`: each site's queue drops that account's writes kept before it, when it
 * next starts. Counts and times only: nothing a person wrote.
 *
 * It imports nothing: the queue's sending (a chunk loaded after the first paint) and the auth site's
 * sign-out use it, and a site's first load carries none of it.
 */
const WAITING = "nook_waiting_";
export const DISCARD = "nook_discard_";
/** A discard is heard by a site opened within this long (the server keeps a write's key as long). */
const DISCARD_MAX_AGE_S = 30 * 24 * 3600;

/** Where a page writes its notes: its site, and the root domain its cookies go on (undefined: host-only). */
export interface NotesHere {
  site: string;
  domain: string | undefined;
}

function setCookie(here: NotesHere, name: string, value: string, maxAge: number) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const domain = here.domain ? `; Domain=${here.domain}` : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write on the root domain, as preferences.ts
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${domain}${secure}`;
}

/** The browser's cookies as name and value. */
function cookies(): [string, string][] {
  return document.cookie.split(";").map((part) => {
    const eq = part.indexOf("=");
    return eq === -1 ? [part.trim(), ""] : [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
  });
}

/** This site's queue holds `count` unsent writes of `account`. */
export function noteWaiting(here: NotesHere, account: number, count: number) {
  const name = `${WAITING}${here.site}_${account}`;
  if (count > 0) setCookie(here, name, String(count), DISCARD_MAX_AGE_S);
  else if (cookies().some(([n]) => n === name)) setCookie(here, name, "", 0);
}

export interface Waiting {
  site: string;
  count: number;
}

/** The sites where `account`'s writes wait unsent, as their queues last told. */
export function waitingOf(account: number): Waiting[] {
  const found: Waiting[] = [];
  for (const [name, value] of cookies()) {
    const match = /^nook_waiting_([a-z]+)_(\d+)$/.exec(name);
    const count = Number(value);
    if (match?.[1] && Number(match[2]) === account && Number.isSafeInteger(count) && count > 0)
      found.push({ site: match[1], count });
  }
  return found;
}

/** `account`'s waiting writes are to go, on every site, unsent: each queue drops them at its next start. */
export function discardWaiting(here: NotesHere, account: number, now = Date.now()) {
  for (const { site } of waitingOf(account)) setCookie(here, `${WAITING}${site}_${account}`, "", 0);
  setCookie(here, `${DISCARD}${account}`, String(now), DISCARD_MAX_AGE_S);
}

/** When a discard of `account`'s waiting writes was asked (epoch ms), or null. */
export function discardedBefore(account: number): number | null {
  const at = Number(cookies().find(([name]) => name === `${DISCARD}${account}`)?.[1]);
  return Number.isSafeInteger(at) && at > 0 ? at : null;
}

/** The latest discard asked for any account (epoch ms), or null. */
export function latestDiscard(): number | null {
  let latest: number | null = null;
  for (const [name, value] of cookies()) {
    const at = Number(value);
    if (name.startsWith(DISCARD) && Number.isSafeInteger(at) && at > (latest ?? 0)) latest = at;
  }
  return latest;
}
