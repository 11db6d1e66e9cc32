import { type AccentColor, DEFAULT_ACCENT_COLOR, isAccentColor } from "@nook/shared/common/accent-colors";
import { profileTimeZone } from "@nook/shared/common/profile-zone";
import { createContext, type ReactNode, useCallback, useContext, useEffect } from "react";
import { applyAccent, rememberAccent } from "./accent.ts";
import { accountKey, browserAccount, startAccount } from "./account.ts";
import { ApiError, api, browserTimeZone, ok, setProfileTimeZone } from "./api.ts";
import { readStored, readStoredText, storedKeys, writeStored, writeStoredText } from "./stored.ts";
import { keepCopiesOf, useData } from "./use-data.ts";
import { writes } from "./writes.ts";

export type AuthState =
  | { status: "loading" }
  /** `loggedOut`: this tab just signed out, so a guarded page goes to the login without coming back after. */
  | { status: "anonymous"; loggedOut?: true }
  | {
      status: "authenticated";
      /** `timeZone`: the profile's, null when it has none (the API then counts days in UTC). */
      user: { id: number; name: string; accentColor: AccentColor; timeZone: string | null };
    };

interface AuthContextValue {
  state: AuthState;
  /** Re-checks the session (after sign-in, profile save). */
  refresh(): Promise<AuthState>;
  logout(): Promise<boolean>;
  /** This tab ended the session another way (the account deleted): as after a sign-out, the user forgotten. */
  ended(): Promise<void>;
}

const LOADING: AuthState = { status: "loading" };
const ANONYMOUS: AuthState = { status: "anonymous" };
const LOGGED_OUT: AuthState = { status: "anonymous", loggedOut: true };

const AuthContext = createContext<AuthContextValue | null>(null);

type User = Extract<AuthState, { status: "authenticated" }>["user"];

/**
 * Who the last check found signed in on this site, kept in this browser under
 * their account (accountKey) so a site opened with no network shows its
 * screens as they were, and only as the account the browser's account
 * cookie names: the API's answer replaces it once the network is back; a
 * sign-out removes it.
 */
const LAST_USER_KEY = "nook-last-user";

function userOf(raw: unknown): User | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const u = raw as Record<string, unknown>;
  if (typeof u.id !== "number" || typeof u.name !== "string") return undefined;
  const timeZone = typeof u.timeZone === "string" ? u.timeZone : null;
  const accentColor = isAccentColor(u.accentColor) ? u.accentColor : DEFAULT_ACCENT_COLOR;
  return { id: u.id, name: u.name, accentColor, timeZone };
}

/**
 * The user this page's auth check found (the remembered one when it found no network); undefined before
 * the check and when signed out. The offline queue's writes are theirs: it sends only once this is known.
 */
let checkedUser: number | undefined;
const checkedListeners = new Set<() => void>();

export function checkedUserId(): number | undefined {
  return checkedUser;
}

/** Calls `listener` whenever the auth check has told who is signed in (or that nobody is). */
export function onUserChecked(listener: () => void): () => void {
  checkedListeners.add(listener);
  return () => checkedListeners.delete(listener);
}

function setCheckedUser(id: number | undefined) {
  checkedUser = id;
  for (const listener of checkedListeners) listener();
}

function authenticated(user: User): AuthState {
  setCheckedUser(user.id);
  setProfileTimeZone(profileTimeZone(user.timeZone));
  return { status: "authenticated", user };
}

/**
 * Who is signed in with no network to ask: the account the browser's account cookie names (a sign-in or
 * sign-out on any site of the browser set it), as this site last saw them; one it never saw, by id alone
 * (no name yet, the browser's zone), so their own things still show and wait. Nobody when it names no one.
 */
function offlineUser(): User | undefined {
  const account = startAccount();
  if (account === null) return undefined;
  const remembered = readStored(accountKey(LAST_USER_KEY, account), userOf, undefined);
  if (remembered?.id === account) return remembered;
  return { id: account, name: "", accentColor: DEFAULT_ACCENT_COLOR, timeZone: browserTimeZone() };
}

/**
 * The session as the API sees it; with no network, the account the browser names (offlineUser). Any other
 * failure (a 5xx; no network and no one signed in) is thrown.
 */
async function checkSession(): Promise<AuthState> {
  // No account cookie, no session: the API sets and clears the two together (auth/session.ts). Signed out is
  // a normal state, so it is known without asking (the question's 401 would be an error in the console).
  if (startAccount() === null) {
    forgetUser();
    setProfileTimeZone(null);
    return ANONYMOUS;
  }
  try {
    const { tokenData, userData } = await ok(api.auth.checkAuth.$get());
    const accentColor = isAccentColor(userData.accentColor) ? userData.accentColor : DEFAULT_ACCENT_COLOR;
    const user = { id: tokenData.id, name: tokenData.name, accentColor, timeZone: userData.timeZone };
    writeStored(accountKey(LAST_USER_KEY, user.id), user);
    return authenticated(user);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetUser();
      setProfileTimeZone(null);
      return ANONYMOUS;
    }
    const remembered = err instanceof ApiError && err.status === 0 ? offlineUser() : undefined;
    if (remembered) return authenticated(remembered);
    throw err;
  }
}

/** Signed out here: the remembered user of the account the page knew goes, and nobody's writes are sent. */
function forgetUser() {
  for (const id of new Set([checkedUser, browserAccount()]))
    if (id !== undefined && id !== null) writeStoredText(accountKey(LAST_USER_KEY, id), null);
  setCheckedUser(undefined);
}

/** The account whose things this site keeps now (its saved copies, its remembered user): "" for nobody. */
const HELD_KEY = "nook-held-account";

/**
 * What this site keeps of anyone but `account` goes: the remembered users and the saved copies of every other
 * account (all of them for null). Waiting writes and drafts stay, hidden under their author's account.
 */
async function keepOnlyAccount(account: number | null) {
  const mine = account === null ? null : accountKey(LAST_USER_KEY, account);
  for (const key of storedKeys(`${LAST_USER_KEY}@`)) if (key !== mine) writeStoredText(key, null);
  await keepCopiesOf(account);
  writeStoredText(HELD_KEY, account === null ? "" : String(account));
}

/**
 * Waiting writes a sign-out (on any site) asked to discard go from this site's queue, once, before anything
 * shows (offline-queue-drop.ts, loaded only when the browser holds a discard).
 */
async function applyDiscards() {
  // The discard's cookie by its prefix (waiting-notes.ts DISCARD), read here without that module's bytes.
  if (typeof document === "undefined" || !document.cookie.includes("nook_discard_")) return;
  await import("./offline-queue-drop.ts").then((m) =>
    m.dropDiscarded({ read: readStoredText, write: writeStoredText }),
  );
}

/**
 * At a site's start, before anything renders or redirects: when the browser's account is not the one this
 * site last kept things for (a sign-out, or another person's sign-in, on any site since), what it kept of
 * anyone else goes first. Free when nothing changed (one read of this browser's storage).
 */
export async function settleAccount(): Promise<void> {
  await applyDiscards().catch((err: unknown) => console.error("Could not discard the waiting writes", err));
  const account = startAccount();
  if (readStoredText(HELD_KEY) === (account === null ? "" : String(account))) return;
  await keepOnlyAccount(account).catch((err: unknown) =>
    console.error("Could not clear another account's copies", err),
  );
}

/** The check for a caller that needs an answer: a failure counts as signed out. */
const check = () => checkSession().catch(() => ANONYMOUS);

/**
 * The auth check at start: loading, then authenticated (name, id, accent) or
 * anonymous. Through useData, so it is made again when the tab is shown again
 * or another tab of the site wrote (a sign-out elsewhere is seen).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // A check made again (the tab shown again) that fails for want of a network keeps the state shown;
  // only a first check that fails counts as signed out.
  const { data, error, mutate } = useData("auth/check", checkSession);
  const state = data ?? (error === undefined ? LOADING : ANONYMOUS);
  const refresh = useCallback(async () => {
    const next = await check();
    mutate(next);
    return next;
  }, [mutate]);
  const ended = useCallback(async () => {
    forgetUser();
    // Gone before the page moves on to the login: nothing of the account is left to read in this browser.
    await keepOnlyAccount(null).catch(console.error);
    mutate(LOGGED_OUT);
    // The spec's logout is a GET, which the API client does not announce: the site's other tabs check again.
    writes.announce();
  }, [mutate]);
  const logout = useCallback(async () => {
    try {
      await ok(api.auth.logout.$get());
    } catch {
      return false;
    }
    await ended();
    return true;
  }, [ended]);

  // The user's accent colours every site; while the check runs, the remembered one stays.
  const accent =
    state.status === "authenticated"
      ? state.user.accentColor
      : state.status === "anonymous"
        ? DEFAULT_ACCENT_COLOR
        : null;
  useEffect(() => {
    if (!accent) return;
    applyAccent(accent);
    rememberAccent(state.status === "authenticated" ? accent : null);
  }, [accent, state.status]);

  return <AuthContext value={{ state, refresh, logout, ended }}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

/**
 * The zone this screen counts days in: the profile's when signed
 * in (UTC for a profile without one, as the API counts), else the browser's.
 */
export function useReaderTimeZone(): string {
  const { state } = useAuth();
  return state.status === "authenticated" ? profileTimeZone(state.user.timeZone) : browserTimeZone();
}
