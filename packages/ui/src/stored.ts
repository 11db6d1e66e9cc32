import { type SetStateAction, useCallback, useEffect, useState } from "react";

/**
 * What a site keeps in the browser (settings, histories): JSON under one
 * localStorage key. A value that is missing, unreadable or fails `parse`
 * reads as the fallback; a storage that refuses (private mode, full) keeps
 * the value for this page only. Nothing here throws.
 */
export type Parse<T> = (raw: unknown) => T | undefined;

export function readStored<T>(key: string, parse: Parse<T>, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return fallback;
    return parse(JSON.parse(text)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown) {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Refused: the value lives as long as the page.
  }
}

/** A state kept under `key`: read on mount, written on every change, and followed across tabs. */
export function useStored<T>(key: string, parse: Parse<T>, fallback: T): [T, (next: SetStateAction<T>) => void] {
  const [value, setValue] = useState(() => readStored(key, parse, fallback));
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.key === key) setValue(readStored(key, parse, fallback));
    };
    addEventListener("storage", follow);
    return () => removeEventListener("storage", follow);
  }, [key, parse, fallback]);
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((prev) => {
        const value = typeof next === "function" ? (next as (prev: T) => T)(prev) : next;
        writeStored(key, value);
        return value;
      }),
    [key],
  );
  return [value, set];
}
