import { accountOfCookies } from "@nook/shared/common/account-cookie";
import { readStoredText, writeStoredText } from "./stored.ts";

/**
 * Whose things this browser holds now: the account the API's account cookie
 * names (shared/common/account-cookie.ts), read afresh at each call, offline
 * too; null when no one is signed in. A sign-in, sign-out or switch on any
 * site of the browser is seen by every other at its next read.
 */
export function browserAccount(): number | null {
  return typeof document === "undefined" ? null : accountOfCookies(document.cookie);
}

/**
 * The account this page started as: what it shows and keeps is theirs for the page's life. (Read afresh, a
 * sign-in in another tab would have this page's next write — a run saved as it unloads — land in the new
 * account's storage.)
 */
const pageAccount = browserAccount();

/** The account this page started as (null: nobody signed in then). */
export const startAccount = (): number | null => pageAccount;

/**
 * The storage key of one account's copy of `key`: drafts, runs, the timer's
 * offline start, histories; by default the account the page started as.
 * Signed out, a bucket of its own ("signed-out"), so the runner and the tarot
 * still keep what is done without an account.
 */
export function accountKey(key: string, account: number | null = pageAccount): string {
  return `${key}@${account ?? "signed-out"}`;
}

/**
 * What was done signed out goes with the sign-in that follows it: the signed-out bucket of `key` becomes the
 * account's, once, when the account has none of its own (a tarot draw made before "Write it in the journal"
 * asked to sign in is still on the table after). An account's own is never replaced.
 */
export function adoptSignedOut(key: string) {
  if (pageAccount === null) return;
  const mine = accountKey(key);
  const signedOut = accountKey(key, null);
  const theirs = readStoredText(signedOut);
  if (theirs === null) return;
  if (readStoredText(mine) === null) writeStoredText(mine, theirs);
  writeStoredText(signedOut, null);
}
