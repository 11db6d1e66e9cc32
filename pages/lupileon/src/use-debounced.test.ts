import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDebouncer } from "./use-debounced.ts";

describe("the date's debouncer: 500 ms after the last change, at most 1000 ms after the first", () => {
  let settled: string[];
  let debouncer: ReturnType<typeof createDebouncer<string>>;
  beforeEach(() => {
    vi.useFakeTimers();
    settled = [];
    debouncer = createDebouncer<string>(500, 1000, (v) => settled.push(v));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("passes a single change on after 500 ms, not before", () => {
    debouncer.push("2024-01-01");
    vi.advanceTimersByTime(499);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(["2024-01-01"]);
  });

  it("restarts the wait on each change and passes only the last", () => {
    debouncer.push("a");
    vi.advanceTimersByTime(300);
    debouncer.push("b");
    vi.advanceTimersByTime(300);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(settled).toEqual(["b"]);
  });

  it("never waits more than 1000 ms after the first change of a burst", () => {
    // A change every 200 ms: the quiet 500 ms never comes, the 1000 ms cap does.
    for (const [i, v] of ["a", "b", "c", "d", "e"].entries()) {
      if (i) vi.advanceTimersByTime(200);
      debouncer.push(v);
    }
    vi.advanceTimersByTime(199);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(["e"]);
    // The next burst has its own cap, counted from its own first change.
    debouncer.push("f");
    vi.advanceTimersByTime(400);
    debouncer.push("g");
    vi.advanceTimersByTime(400);
    debouncer.push("h");
    vi.advanceTimersByTime(199);
    expect(settled).toEqual(["e"]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(["e", "h"]);
  });

  it("drops a waiting value when cancelled", () => {
    debouncer.push("a");
    vi.advanceTimersByTime(400);
    debouncer.cancel();
    vi.advanceTimersByTime(2000);
    expect(settled).toEqual([]);
    debouncer.push("b");
    vi.advanceTimersByTime(500);
    expect(settled).toEqual(["b"]);
  });
});
