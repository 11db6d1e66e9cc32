/**
 * Which account a browser is signed in to, readable by every site's script
 * at its start, offline included: the API sets this cookie beside the
 * HttpOnly session cookie (same domain, same lifetime) and clears it with it.
 * It names the account's id and nothing more: it proves nothing (the session
 * does), it only tells a site whose things to show and send — the offline
 * queue, drafts, runs, saved copies — so what one person left in a shared
 * browser is never shown or sent as the next one's.
 */
export const ACCOUNT_COOKIE = "nook_account";

/** The account a `document.cookie` string names (either cookie name, `__Secure-` on https), or null. */
export function accountOfCookies(cookies: string): number | null {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name !== ACCOUNT_COOKIE && name !== `__Secure-${ACCOUNT_COOKIE}`) continue;
    const value = part.slice(eq + 1).trim();
    if (!/^[1-9]\d{0,15}$/.test(value)) return null;
    const id = Number(value);
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}
