import { accountOfCookies } from "@nook/shared/common/account-cookie";
import { ACCOUNT_HEADER } from "@nook/shared/common/account-header";
import { readStoredText, writeStoredText } from "./stored.ts";

/**
 * Whose things this browser holds now: the account the API's account cookie
 * names (shared/common/account-cookie.ts), read afresh at each call, offline
 * too; null when no one is signed in. A sign-in, sign-out or switch on any
 * site of the browser is seen by every other at its next read.
 */
export function browserAccount(): number | null {
  return accountOfCookies(cookieJar.read());
}

/**
 * Where the browser's cookies are read: `document.cookie`. A component test reads its own instead: every test
 * file's page shares the browser's cookies, and a page whose account cookie changes starts again.
 */
export const cookieJar = { read: () => (typeof document === "undefined" ? "" : document.cookie) };

/**
 * The account this page is: what it shows, keeps and sends is theirs for the page's life. It is the
 * browser's account at the page's start, and changes only by this tab's own sign-in or sign-out
 * (`adoptAccount`); another tab's makes this page start again (`noticeSwitch`). (Read afresh, a sign-in in
 * another tab would have this page's next write — a run saved as it unloads — land in the new account's
 * storage, and Alice's half-typed words go out as Bob's.)
 */
let pageAccount = browserAccount();

/** The account this page is (null: signed out). */
export const startAccount = (): number | null => pageAccount;

/** This tab signed in or out itself: the page is now the browser's account. */
export function adoptAccount() {
  pageAccount = browserAccount();
}

/**
 * The headers that name the page's account, none when it is signed out: the API refuses a write that names
 * another account than its session's (409 `platform.otherAccount`, shared/common/account-header.ts).
 */
export function accountHeaders(account: number | null = pageAccount): Record<string, string> {
  return account === null ? {} : { [ACCOUNT_HEADER]: String(account) };
}

let leaving = false;

/** How the page starts again: loaded anew (a component test, which must stay, counts it instead). */
export const restart = { page: () => location.reload() };

/**
 * Whether the browser's account is no longer this page's (another tab signed in, out, or as someone else):
 * then the page hides what it shows and starts again as the browser's account (or signed out), and true is
 * returned, so the caller shows, sends and keeps nothing more. What was typed stays where it was kept, under
 * the page's account (drafts are kept as they are typed, and flushed as the page hides), for its author.
 */
export function noticeSwitch(): boolean {
  if (leaving) return true;
  if (typeof document === "undefined" || browserAccount() === pageAccount) return false;
  leaving = true;
  document.getElementById("root")?.setAttribute("hidden", "");
  restart.page();
  return true;
}

/**
 * Looks at the account cookie whenever the tab may be seen again: focused, shown, or restored from the
 * back-forward cache (where no script starts). Set before anything else listens, so a screen's own refresh
 * on the same event finds the page already leaving.
 */
export function watchAccount() {
  if (typeof window === "undefined") return;
  const look = () => void noticeSwitch();
  addEventListener("focus", look, true);
  addEventListener("pageshow", look, true);
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && look(), true);
}

/**
 * The storage key of one account's copy of `key`: drafts, runs, the timer's
 * offline start, histories; by default the page's account.
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
