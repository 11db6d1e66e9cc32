import { touches, type WriteChannel, writes } from "./writes.ts";

/** What the store holds for a key: the last answer, the last failure, and whether a call is on its way. */
export interface Snapshot<T> {
  data: T | undefined;
  /** The last call's failure; cleared by the next answer (or a retry). `data` stays beside it. */
  error: unknown;
  /** A call is on its way (the first, or a refresh behind the data shown). */
  fetching: boolean;
  /** `data` is a saved copy (the network failed), saved at this time (epoch ms); undefined for a fresh answer. */
  savedAt?: number;
}

/** Where the last answers are kept for a load that cannot reach the server (saved-copies.ts, via use-data.ts). */
export interface Copies {
  read(key: string): Promise<{ data: unknown; at: number } | undefined>;
  write(key: string, data: unknown): void;
  /** Whether a failure is the network's (no answer), so a copy may stand in. */
  unreachable(error: unknown): boolean;
}

/** Loads a key's value; `previous` is the value shown now (a refresh may want its size). */
export type Loader<T> = (previous: T | undefined) => Promise<T>;

interface Entry {
  snap: Snapshot<unknown>;
  load: Loader<unknown>;
  /** Never asked again once it has an answer (content that cannot change: a language's words). */
  immutable: boolean;
  /** When the data arrived (ms); 0: never, or invalidated. */
  at: number;
  /** The latest call's number: an answer of an earlier call is ignored. */
  seq: number;
  call: Promise<void> | null;
  listeners: Set<() => void>;
}

/** Where the page tells that it is shown again or back online (`document` and `window` in a browser). */
export interface PageEvents {
  /**
   * Calls `listener` when the page is shown again or the network is back (`online`: a call on its way then
   * began with no network, so a new one is made); returns the unsubscribe.
   */
  subscribe(listener: (online?: boolean) => void): () => void;
}

const browserPage: PageEvents = {
  subscribe(listener) {
    if (typeof document === "undefined") return () => {};
    const shown = () => document.visibilityState === "visible" && listener();
    const online = () => listener(true);
    document.addEventListener("visibilitychange", shown);
    addEventListener("online", online);
    return () => {
      document.removeEventListener("visibilitychange", shown);
      removeEventListener("online", online);
    };
  },
};

export interface StoreOptions {
  writes?: WriteChannel;
  page?: PageEvents;
  /** A key loaded this recently is not asked again when another screen starts using it. */
  dedupeMs?: number;
  /** Keys kept; past this many, the oldest that nothing shows are dropped. */
  max?: number;
  now?: () => number;
  /** Saved copies: each answer kept; a first load the network fails shows its copy (`savedAt`). */
  copies?: Copies;
}

const IDLE: Snapshot<never> = { data: undefined, error: undefined, fetching: false };

/**
 * The keyed cache behind `useData` (use-data.ts), without React: one entry a
 * key, shared by every screen that uses the key (one call, one answer); an
 * answer that arrives after a later call started, or after `mutate`, is
 * ignored; keys in use are asked again when the page is shown again, when the
 * network is back, and when another tab of the site wrote.
 */
export function dataStore({
  writes: channel = writes,
  page = browserPage,
  dedupeMs = 2000,
  max = 500,
  now = Date.now,
  copies,
}: StoreOptions = {}) {
  const entries = new Map<string, Entry>();
  let used = 0;
  let stopEvents: (() => void) | null = null;
  /** Told of every change of any key (the saved-copy notice). */
  const watchers = new Set<() => void>();

  function set(entry: Entry, patch: Partial<Snapshot<unknown>>) {
    entry.snap = { ...entry.snap, ...patch };
    for (const listener of entry.listeners) listener();
    for (const watcher of watchers) watcher();
  }

  function fetch(key: string, force: boolean): Promise<void> {
    const entry = entries.get(key);
    if (!entry) return Promise.resolve();
    if (entry.call && !force) return entry.call;
    const seq = ++entry.seq;
    if (!entry.snap.fetching) set(entry, { fetching: true });
    const call = entry.load(entry.snap.data).then(
      (data) => {
        if (entry.seq !== seq) return;
        entry.at = now();
        entry.call = null;
        set(entry, { data, error: undefined, fetching: false, savedAt: undefined });
        if (!entry.immutable) copies?.write(key, data);
      },
      async (error: unknown) => {
        if (entry.seq !== seq) return;
        console.error(error);
        // Nothing shown yet and no network to ask: the saved copy stands in, marked with its time.
        if (copies && entry.snap.data === undefined && !entry.immutable && copies.unreachable(error)) {
          const copy = await copies.read(key).catch(() => undefined);
          if (entry.seq !== seq) return;
          if (copy) {
            entry.call = null;
            set(entry, { data: copy.data, error: undefined, fetching: false, savedAt: copy.at });
            return;
          }
        }
        entry.call = null;
        set(entry, { error, fetching: false });
      },
    );
    entry.call = call;
    return call;
  }

  const needsCall = (entry: Entry) =>
    entry.snap.error !== undefined ||
    entry.at === 0 ||
    (!entry.immutable && now() - entry.at >= dedupeMs && !entry.call);

  /**
   * Asks again every key a screen shows (the dedupe window is for a second screen, not for the page
   * shown again); `force`: a new call even when one is on its way (it may predate another tab's write).
   */
  function refreshShown(force: boolean, written?: (key: string) => boolean) {
    for (const [key, entry] of entries)
      if (entry.listeners.size && !entry.immutable && (!written || written(key))) void fetch(key, force);
  }

  // This tab wrote: what no screen shows may have changed, so it is forgotten (the next screen to show
  // it loads it anew); what is shown is the writing screen's to refresh (invalidate, mutate).
  channel.subscribeOwn(() => {
    for (const entry of entries.values()) if (!entry.listeners.size && !entry.immutable) forget(entry);
  });

  function forget(entry: Entry) {
    entry.seq++;
    entry.call = null;
    entry.at = 0;
    entry.snap = IDLE;
  }

  function mutate<T>(key: string, value: T | ((current: T | undefined) => T)): void {
    const entry = entries.get(key);
    if (!entry) return;
    entry.seq++;
    entry.call = null;
    entry.at = now();
    const data =
      typeof value === "function" ? (value as (current: T | undefined) => T)(entry.snap.data as T | undefined) : value;
    set(entry, { data, error: undefined, fetching: false, savedAt: undefined });
    if (!entry.immutable) copies?.write(key, data);
  }

  function drop() {
    for (const [key, entry] of entries) {
      if (entries.size <= max) return;
      if (!entry.listeners.size && !entry.call) entries.delete(key);
    }
  }

  return {
    /** The key's entry, made on first use; `load` is the latest given (the key names what it loads). */
    register(key: string, load: Loader<unknown>, immutable = false) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { snap: IDLE, load, immutable, at: 0, seq: 0, call: null, listeners: new Set() };
        entries.set(key, entry);
        drop();
      }
      entry.load = load;
      entry.immutable = immutable;
    },

    snapshot: (key: string): Snapshot<unknown> => entries.get(key)?.snap ?? IDLE,

    /**
     * A screen starts showing the key: it is loaded unless another screen has
     * just loaded it (or is loading it: one call for both). Returns the release.
     */
    subscribe(key: string, listener: () => void): () => void {
      const entry = entries.get(key);
      if (!entry) throw new Error(`dataStore: ${key} was not registered`);
      entry.listeners.add(listener);
      for (const watcher of watchers) watcher();
      if (!used++) {
        // Shown again: asked again unless a call is on its way. Back online: asked again even then, since that
        // call began with no network (and may be reading a saved copy instead).
        const stopPage = page.subscribe((online) => refreshShown(online === true));
        // Another tab wrote: what the write may have touched (writes.ts `touches`) is read again.
        const stopWrites = channel.subscribe((path) => refreshShown(true, (key) => touches(path, key)));
        stopEvents = () => {
          stopPage();
          stopWrites();
        };
      }
      if (needsCall(entry)) void fetch(key, false);
      return () => {
        entry.listeners.delete(listener);
        for (const watcher of watchers) watcher();
        if (!--used) {
          stopEvents?.();
          stopEvents = null;
        }
      };
    },

    /** Asks again now (Retry): the failure is cleared, the data shown stays until the answer. */
    retry(key: string): Promise<void> {
      const entry = entries.get(key);
      if (entry?.snap.error !== undefined) set(entry, { error: undefined });
      return fetch(key, true);
    },

    /**
     * After a write: the keys that match (`key` itself, or keys under `key/`,
     * or those the function accepts) are asked again where shown (their data
     * stays up meanwhile), and forgotten elsewhere, so the next screen to show
     * one never shows what the write changed.
     */
    invalidate(match: string | ((key: string) => boolean)): Promise<void> {
      const matches = typeof match === "string" ? (k: string) => k === match || k.startsWith(`${match}/`) : match;
      const calls: Promise<void>[] = [];
      for (const [key, entry] of entries) {
        if (!matches(key)) continue;
        if (entry.listeners.size) calls.push(fetch(key, true));
        else forget(entry);
      }
      return Promise.all(calls).then(() => {});
    },

    /** Sets the key's value (a write's answer, a page appended); a call on its way is then ignored. */
    mutate,

    /**
     * A write's answer shown wherever it is: every key that matches and holds data gets `change` of it (the
     * same value back: left alone). Then `invalidate` reconciles what the answer cannot tell.
     */
    mutateWhere(match: (key: string) => boolean, change: (current: unknown) => unknown): void {
      for (const [key, entry] of entries) {
        if (!match(key) || entry.snap.data === undefined) continue;
        const next = change(entry.snap.data);
        if (next !== entry.snap.data) mutate(key, next);
      }
    },

    /** The oldest saved copy a screen shows now (its time), or undefined when every key shown is fresh. */
    savedCopyShown(): number | undefined {
      let oldest: number | undefined;
      for (const entry of entries.values())
        if (entry.listeners.size && entry.snap.savedAt !== undefined)
          oldest = Math.min(oldest ?? entry.snap.savedAt, entry.snap.savedAt);
      return oldest;
    },

    /** Calls `watcher` on any change of any key; returns the unsubscribe. */
    watch(watcher: () => void): () => void {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
  };
}

export type DataStore = ReturnType<typeof dataStore>;
