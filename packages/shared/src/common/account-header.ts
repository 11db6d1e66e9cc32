/**
 * The account a request is for and an answer is of. A browser
 * shared by two people has one session cookie: a tab opened as one may send a
 * write after the other signed in elsewhere. A site names the account it
 * means in this request header; the API refuses a request that names another
 * account than its session's (409 `platform.otherAccount`, nothing written)
 * and names the session's account in this same header on every answer given
 * under a live session, so a site keeps a copy only under the account the
 * answer belongs to. A request without it is taken as before (scripts, curl).
 */
export const ACCOUNT_HEADER = "Nook-Account";

/**
 * The account a header's value names: a user id in decimal, no sign, no
 * leading zero, a safe integer (as the account cookie's); null for anything else.
 */
export function accountOfHeader(value: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
