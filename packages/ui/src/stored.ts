import { type SetStateAction, useCallback, useEffect, useRef, useState } from "react";

/**
 * Everything a site keeps in the browser (settings, histories, drafts) goes
 * through this file; Biome's `noRestrictedGlobals` forbids `localStorage`
 * and `sessionStorage` anywhere else. A value is JSON under one key: one that
 * is missing, unreadable or fails `parse` reads as the fallback; a storage
 * that refuses (private mode, full, locked down) keeps the value for this
 * page only, and the writer learns it was not kept. Nothing here throws.
 */
export type Parse<T> = (raw: unknown) => T | undefined;
/** Told why the browser refused a read or a write (a site may log it). */
export type Refused = (error: unknown) => void;

/** The browser's storage; a locked-down browser throws on the mere access. */
function storage(): Storage {
  const store = globalThis.localStorage;
  if (!store) throw new Error("no localStorage here");
  return store;
}

/** The text under `key` as it is stored (no JSON): null when there is none or the browser refuses. */
export function readStoredText(key: string, refused?: Refused): string | null {
  try {
    return storage().getItem(key);
  } catch (error) {
    refused?.(error);
    return null;
  }
}

/** Keeps `text` under `key` as it is (null removes it); false when the browser refused. */
export function writeStoredText(key: string, text: string | null, refused?: Refused): boolean {
  try {
    if (text === null) storage().removeItem(key);
    else storage().setItem(key, text);
    return true;
  } catch (error) {
    refused?.(error);
    return false;
  }
}

/** The keys kept in this browser (for this site) that start with `prefix`; none when the browser refuses. */
export function storedKeys(prefix: string): string[] {
  try {
    const store = storage();
    const found: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) found.push(key);
    }
    return found;
  } catch {
    return [];
  }
}

export function readStored<T>(key: string, parse: Parse<T>, fallback: T): T {
  const text = readStoredText(key);
  if (text === null) return fallback;
  try {
    return parse(JSON.parse(text)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` as JSON under `key` (undefined removes it); false when the browser refused. */
export function writeStored(key: string, value: unknown, refused?: Refused): boolean {
  return writeStoredText(key, value === undefined ? null : JSON.stringify(value), refused);
}

/**
 * A state kept under `key`: read on mount, written on every change, and
 * followed across tabs. The third item is false while the last write was
 * refused, so a page can say its data lives only as long as the tab.
 */
export function useStored<T>(
  key: string,
  parse: Parse<T>,
  fallback: T,
): [T, (next: SetStateAction<T>) => void, boolean] {
  const [value, setValue] = useState(() => readStored(key, parse, fallback));
  const [kept, setKept] = useState(true);
  // The newest value, so two changes before the next render build on each other.
  const latest = useRef(value);
  latest.current = value;
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.key === key) setValue(readStored(key, parse, fallback));
    };
    addEventListener("storage", follow);
    return () => removeEventListener("storage", follow);
  }, [key, parse, fallback]);
  const set = useCallback(
    (next: SetStateAction<T>) => {
      const value = typeof next === "function" ? (next as (prev: T) => T)(latest.current) : next;
      latest.current = value;
      setValue(value);
      setKept(writeStored(key, value));
    },
    [key],
  );
  return [value, set, kept];
}
