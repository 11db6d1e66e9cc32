import { useCallback, useRef, useSyncExternalStore } from "react";
import { noticeSwitch, startAccount } from "./account.ts";
import { ApiError } from "./api.ts";
import { type Copies, dataStore, type Loader } from "./data-store.ts";

/** IndexedDB's saved copies (saved-copies.ts), loaded on first use, off every site's first load. */
let copiesModule: Promise<typeof import("./saved-copies.ts")> | undefined;
const savedCopies = () => {
  copiesModule ??= import("./saved-copies.ts");
  return copiesModule;
};
const canKeep = typeof indexedDB !== "undefined";

/**
 * The signed-in account's last answers, kept and read back when the network fails (DESIGN "Read offline").
 * Who is signed in is not kept here (auth.tsx remembers the user), nor is anything signed out. A copy is
 * kept only under the account whose answer it is: the page's, while the browser still names it (an answer of
 * another account's session never reaches here, api.ts `accountFetch`).
 */
const copies: Copies = {
  read(key) {
    const account = startAccount();
    if (!canKeep || account === null || noticeSwitch()) return Promise.resolve(undefined);
    return savedCopies().then((m) => m.readCopy(account, key));
  },
  write(key, data) {
    const account = startAccount();
    if (!canKeep || account === null || key === "auth/check" || noticeSwitch()) return;
    void savedCopies()
      .then((m) => m.writeCopy(account, key, data))
      .catch((err: unknown) => console.error("Saved copies: could not keep", key, err));
  },
  // No answer at all (offline, the network failed); a server's error is the screen's to say, with its Retry.
  unreachable: (error) => error instanceof ApiError && error.status === 0,
};

/** The page's one store: every screen of the site shares its keys. */
const store = dataStore({ copies });

/**
 * The site's saved copies are of `account` only: every other account's go, all of them for null (signed
 * out). Opened only when there may be some (saved-copies.ts `keepOnly`).
 */
export function keepCopiesOf(account: number | null): Promise<void> {
  if (!canKeep) return Promise.resolve();
  return savedCopies().then((m) => m.keepOnly(account));
}

/** The time of the oldest saved copy a screen shows now, or undefined when all is fresh. */
export function useSavedCopyTime(): number | undefined {
  return useSyncExternalStore(store.watch, store.savedCopyShown, () => undefined);
}

export interface Data<T> {
  /** The answer for the key; with `keepPrevious`, the previous key's while the new one loads. */
  data: T | undefined;
  /** `data` is a saved copy (no network), saved at this time; undefined for a fresh answer. */
  savedAt: number | undefined;
  /** The last call failed (the data, if any, is from an earlier answer). */
  error: unknown;
  /** Nothing to show yet: no answer and no failure (the first call is on its way). */
  loading: boolean;
  /** A call is on its way behind the data shown (a refresh). */
  refreshing: boolean;
  /** `data` belongs to an earlier key (`keepPrevious`). */
  stale: boolean;
  /** Asks again now: the failure goes, the data shown stays until the answer. */
  retry(): void;
  /** Sets the key's value for every screen that shows it (after a write, or a page appended). */
  mutate(value: T | ((current: T | undefined) => T)): void;
}

export interface DataOptions {
  /** Once loaded, never asked again (content that cannot change); a failure can still be retried. */
  immutable?: boolean;
  /** While a new key loads, its predecessor's data stays (marked `stale`). */
  keepPrevious?: boolean;
}

const NONE = () => () => {};

/**
 * The one way a screen loads data (DESIGN "Data loading"): `key` names what
 * `load` loads (null: nothing now, e.g. signed out); screens using one key
 * share one call and one answer; the data shown stays while it is asked
 * again — when the page is shown again, when the network is back, when
 * another tab of the site wrote, after `invalidate` —, and a late answer of
 * an earlier call never replaces a newer one. Failures are logged and kept in
 * `error`, with `retry`.
 */
export function useData<T>(key: string | null, load: Loader<T>, options: DataOptions = {}): Data<T> {
  if (key !== null) store.register(key, load as Loader<unknown>, options.immutable);
  const subscribe = useCallback(
    (listener: () => void) => (key === null ? NONE() : store.subscribe(key, listener)),
    [key],
  );
  const read = () => (key === null ? IDLE_SNAP : store.snapshot(key));
  const snap = useSyncExternalStore(subscribe, read, read);
  const last = useRef<T | undefined>(undefined);
  const data = snap.data as T | undefined;
  if (data !== undefined) last.current = data;
  const stale = data === undefined && options.keepPrevious === true && last.current !== undefined;
  const retry = useCallback(() => {
    if (key !== null) void store.retry(key);
  }, [key]);
  const mutate = useCallback(
    (value: T | ((current: T | undefined) => T)) => {
      if (key !== null) store.mutate(key, value);
    },
    [key],
  );
  return {
    data: stale ? last.current : data,
    savedAt: snap.savedAt,
    error: snap.error,
    loading: key !== null && data === undefined && snap.error === undefined,
    refreshing: snap.fetching && data !== undefined,
    stale,
    retry,
    mutate,
  };
}

const IDLE_SNAP = store.snapshot("\0none");

/**
 * After a write: the keys that match (`key`, keys under `key/`, or those
 * the function accepts) are asked again where shown, and are no longer fresh
 * elsewhere. Resolves when the shown ones have their answers.
 */
export const invalidate = (match: string | ((key: string) => boolean)) => store.invalidate(match);

/** Sets a key's value from outside a screen that shows it (a write's answer). */
export const mutate = <T>(key: string, value: T | ((current: T | undefined) => T)) => store.mutate(key, value);
/** A write's answer shown in every loaded key that matches (data-store.ts `mutateWhere`). */
export const mutateWhere = (match: (key: string) => boolean, change: (current: unknown) => unknown) =>
  store.mutateWhere(match, change);
