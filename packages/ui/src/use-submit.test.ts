import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { Refused, type Runs, type SubmitOptions, submitRun, useSubmit } from "./use-submit.ts";

/** A promise settled from outside: an action under way until the test ends it. */
function pending() {
  let settle = { resolve: () => {}, reject: (_: unknown) => {} };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

/** A form's runs as its screen sees them: each state the hook would show, in order, and the latest. */
function form<A extends unknown[]>(options: SubmitOptions<A>) {
  const runs: Runs = { running: false, latest: 0 };
  const seen: string[] = [];
  const state = { busyWith: null as A | null, error: "" };
  const shown = {
    busyWith(args: A | null) {
      state.busyWith = args;
      seen.push(args === null ? "idle" : `busy ${JSON.stringify(args)}`);
    },
    error(words: string) {
      state.error = words;
      if (words) seen.push(`error ${words}`);
    },
  };
  return {
    state,
    seen,
    run: (action: (...args: A) => Promise<unknown>, ...args: A) => submitRun(runs, shown, action, options, args),
  };
}

/** The hook as a screen holds it on its first render. */
let firstRender: ReturnType<typeof useSubmit<[string]>> | undefined;
function Probe() {
  firstRender = useSubmit(async (_: string) => {}, { failed: () => "failed" });
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("useSubmit", () => {
  it("starts idle, with no error", () => {
    renderToStaticMarkup(createElement(Probe));
    expect(firstRender).toMatchObject({ busy: false, busyWith: null, error: "" });
  });

  it("is busy with the run's arguments while its action runs, then idle", async () => {
    const f = form<[id: string]>({ failed: () => "failed" });
    const action = pending();
    const ran = f.run(() => action.promise, "s1");
    expect(f.state.busyWith).toEqual(["s1"]);
    action.resolve();
    expect(await ran).toBe(true);
    expect(f.seen).toEqual(['busy ["s1"]', "idle"]);
  });

  it("says the failure in the words `failed` gives for the run's arguments", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const f = form<[which: string | null]>({
      failed: (err, which) => `${which === null ? "all" : which}: ${(err as Error).message}`,
    });
    expect(await f.run(() => Promise.reject(new Error("offline")), null)).toBe(false);
    expect(f.state).toEqual({ busyWith: null, error: "all: offline" });
    expect(await f.run(() => Promise.reject(new Error("offline")), "s2")).toBe(false);
    expect(f.state.error).toBe("s2: offline");
    // The unexpected goes to the console; a refusal (4xx, or Refused) does not.
    expect(console.error).toHaveBeenCalledTimes(2);
    await f.run(() => Promise.reject(new ApiError(409, "taken")), "s3");
    expect(f.state.error).toBe("s3: taken");
    await f.run(() => Promise.reject(new Refused("too big")), "s4");
    expect(f.state.error).toBe("too big");
    expect(console.error).toHaveBeenCalledTimes(2);
  });

  it("ignores a second run while one is under way", async () => {
    const f = form<[id: string]>({ failed: () => "failed" });
    const first = pending();
    const second = vi.fn(async () => {});
    const ran = f.run(() => first.promise, "s1");
    expect(await f.run(second, "s2")).toBe(false);
    expect(second).not.toHaveBeenCalled();
    expect(f.state.busyWith).toEqual(["s1"]);
    first.resolve();
    await ran;
    expect(f.seen).toEqual(['busy ["s1"]', "idle"]);
  });

  it("refuses with `check`'s words, sending nothing", async () => {
    const f = form({ failed: () => "failed", check: async () => "Type a name" });
    const action = vi.fn(async () => {});
    expect(await f.run(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(f.state).toEqual({ busyWith: null, error: "Type a name" });
  });

  describe("with `supersede`", () => {
    it("starts a run while one is under way, and shows only the latest one's end", async () => {
      const f = form<[n: number]>({ supersede: true, failed: (_, n) => `${n} failed` });
      const first = pending();
      const second = pending();
      const one = f.run(() => first.promise, 1);
      const two = f.run(() => second.promise, 2);
      expect(f.state.busyWith).toEqual([2]);
      // The first one ends (here, fails) while the second runs: still busy, and its failure is not said.
      first.reject(new ApiError(400, "stale"));
      expect(await one).toBe(false);
      expect(f.state).toEqual({ busyWith: [2], error: "" });
      second.reject(new ApiError(400, "refused"));
      expect(await two).toBe(false);
      expect(f.state).toEqual({ busyWith: null, error: "2 failed" });
    });

    it("lets the run under way go when the next one is refused", async () => {
      let refusal = "";
      const f = form<[n: number]>({ supersede: true, failed: (_, n) => `${n} failed`, check: () => refusal });
      const first = pending();
      const one = f.run(() => first.promise, 1);
      // Past its own check: under way.
      await vi.waitFor(() => expect(f.state.busyWith).toEqual([1]));
      refusal = "Too big";
      expect(await f.run(async () => {}, 2)).toBe(false);
      expect(f.state).toEqual({ busyWith: null, error: "Too big" });
      first.reject(new ApiError(400, "stale"));
      await one;
      expect(f.state).toEqual({ busyWith: null, error: "Too big" });
    });
  });
});
