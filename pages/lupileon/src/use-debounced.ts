import { useEffect, useState } from "react";

/**
 * A value passed on `wait` ms after its last change, but never later than
 * `maxWait` ms after the first change of a burst (spec 2 §4, §9: the solar
 * view refetches 500 ms after the date changes, waiting at most 1000 ms).
 */
export interface Debouncer<T> {
  /** A new value: (re)starts the wait. */
  push(value: T): void;
  /** Drops whatever is waiting. */
  cancel(): void;
}

export function createDebouncer<T>(wait: number, maxWait: number, settle: (value: T) => void): Debouncer<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the burst began: the first change not yet passed on. */
  let since: number | null = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    since = null;
  };
  return {
    push(value) {
      const now = Date.now();
      since ??= now;
      clearTimeout(timer);
      const delay = Math.max(0, Math.min(wait, since + maxWait - now));
      timer = setTimeout(() => {
        timer = undefined;
        since = null;
        settle(value);
      }, delay);
    },
    cancel,
  };
}

/** `value` as of its last quiet moment: the first value at once, each later one through a debouncer. */
export function useDebounced<T>(value: T, wait: number, maxWait: number): T {
  const [settled, setSettled] = useState(value);
  const [debouncer] = useState(() => createDebouncer<T>(wait, maxWait, setSettled));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `value` starts a wait; `settled` catching up must not
  useEffect(() => {
    if (Object.is(value, settled)) debouncer.cancel();
    else debouncer.push(value);
  }, [value, debouncer]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
