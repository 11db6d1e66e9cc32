import { afterEach, describe, expect, it, vi } from "vitest";
import { type Copies, dataStore, type PageEvents } from "./data-store.ts";
import { announcing, type WriteChannel, writeChannel } from "./writes.ts";

/** A call that answers when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A page whose "shown again" the test fires. */
function testPage() {
  const listeners = new Set<(online?: boolean) => void>();
  const page: PageEvents = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    page,
    show: () => {
      for (const l of listeners) l();
    },
    online: () => {
      for (const l of listeners) l(true);
    },
    count: () => listeners.size,
  };
}

const quiet: WriteChannel = { announce() {}, subscribe: () => () => {}, subscribeOwn: () => () => {} };

function setup(options: { writes?: WriteChannel; dedupeMs?: number } = {}) {
  let clock = 1_000_000;
  const page = testPage();
  const store = dataStore({
    writes: options.writes ?? quiet,
    page: page.page,
    dedupeMs: options.dedupeMs,
    now: () => clock,
  });
  return { store, page, tick: (ms: number) => (clock += ms) };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.restoreAllMocks());

describe("the data store", () => {
  it("makes one call for two screens of one key, and both get its answer", async () => {
    const { store } = setup();
    const call = deferred<string>();
    const load = vi.fn(() => call.promise);
    store.register("a", load);
    store.subscribe("a", () => {});
    store.register("a", load);
    store.subscribe("a", () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(store.snapshot("a")).toEqual({ data: undefined, error: undefined, fetching: true });
    call.resolve("answer");
    await flush();
    expect(store.snapshot("a")).toEqual({ data: "answer", error: undefined, fetching: false });
    // A third screen within the dedupe window is served from the cache.
    store.subscribe("a", () => {});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again when a screen comes after the dedupe window, keeping the data shown meanwhile", async () => {
    const { store, tick } = setup({ dedupeMs: 2000 });
    let n = 0;
    const load = vi.fn(async () => ++n);
    store.register("k", load);
    const release = store.subscribe("k", () => {});
    await flush();
    release();
    tick(2500);
    const second = deferred<number>();
    load.mockImplementationOnce(() => second.promise);
    store.subscribe("k", () => {});
    expect(store.snapshot("k")).toEqual({ data: 1, error: undefined, fetching: true });
    second.resolve(7);
    await flush();
    expect(store.snapshot("k").data).toBe(7);
  });

  it("keeps a failure with the data, and Retry clears it and asks again", async () => {
    const { store } = setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce("up");
    store.register("r", load);
    const seen: unknown[] = [];
    store.subscribe("r", () => seen.push(store.snapshot("r")));
    await flush();
    expect(store.snapshot("r")).toMatchObject({ data: undefined, fetching: false });
    expect((store.snapshot("r").error as Error).message).toBe("down");
    expect(console.error).toHaveBeenCalledTimes(1);
    const retried = store.retry("r");
    expect(store.snapshot("r")).toEqual({ data: undefined, error: undefined, fetching: true });
    await retried;
    expect(store.snapshot("r")).toEqual({ data: "up", error: undefined, fetching: false });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("ignores an answer that arrives after a later call started", async () => {
    const { store } = setup();
    const first = deferred<string>();
    const second = deferred<string>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    store.register("s", load);
    store.subscribe("s", () => {});
    const invalidated = store.invalidate("s");
    expect(load).toHaveBeenCalledTimes(2);
    second.resolve("new");
    await invalidated;
    first.resolve("old");
    await flush();
    expect(store.snapshot("s").data).toBe("new");
  });

  it("mutate sets the value for every screen and the call on its way is then ignored", async () => {
    const { store } = setup();
    const call = deferred<number[]>();
    store.register("m", () => call.promise);
    const a = vi.fn();
    const b = vi.fn();
    store.subscribe("m", a);
    store.subscribe("m", b);
    store.mutate<number[]>("m", [1]);
    store.mutate<number[]>("m", (list) => [...(list ?? []), 2]);
    expect(store.snapshot("m")).toEqual({ data: [1, 2], error: undefined, fetching: false });
    expect(a).toHaveBeenCalled();
    expect(b).toHaveBeenCalled();
    call.resolve([9]);
    await flush();
    expect(store.snapshot("m").data).toEqual([1, 2]);
  });

  it("mutateWhere changes every loaded key that matches, leaves the rest, and a later invalidate still reads", async () => {
    const { store } = setup();
    let n = 0;
    for (const key of ["list/a", "list/b", "list/c", "stats"]) store.register(key, async () => [key, ++n]);
    const seen = vi.fn();
    for (const key of ["list/a", "list/b", "stats"]) store.subscribe(key, seen);
    await flush();
    seen.mockClear();
    // "list/c" was never loaded: nothing to change. "list/b"'s change gives its value back: not set again.
    store.mutateWhere(
      (key) => key.startsWith("list/"),
      (current) => ((current as [string, number])[0] === "list/a" ? ["edited", 0] : current),
    );
    expect(store.snapshot("list/a").data).toEqual(["edited", 0]);
    expect(store.snapshot("list/b").data).toEqual(["list/b", 2]);
    expect(store.snapshot("list/c").data).toBeUndefined();
    expect(store.snapshot("stats").data).toEqual(["stats", 3]);
    expect(seen).toHaveBeenCalledTimes(1);
    await store.invalidate((key) => key.startsWith("list/"));
    expect(store.snapshot("list/a").data).toEqual(["list/a", 4]);
  });

  it("reads the shown keys again when the page is shown again, not the hidden or the immutable ones", async () => {
    const { store, page } = setup({ dedupeMs: 2000 });
    const shown = vi.fn(async () => "x");
    const gone = vi.fn(async () => "y");
    const words = vi.fn(async () => "z");
    store.register("shown", shown);
    store.register("gone", gone);
    store.register("words", words, true);
    store.subscribe("shown", () => {});
    store.subscribe("gone", () => {})();
    store.subscribe("words", () => {});
    // A show while the first call is on its way joins it.
    page.show();
    expect(shown).toHaveBeenCalledTimes(1);
    await flush();
    // Shown again, even at once (an entry written on the phone meanwhile), it asks again.
    page.show();
    await flush();
    expect(shown).toHaveBeenCalledTimes(2);
    expect(gone).toHaveBeenCalledTimes(1);
    expect(words).toHaveBeenCalledTimes(1);
  });

  it("listens to the page only while some screen shows a key", () => {
    const { store, page } = setup();
    store.register("a", async () => 1);
    const release = store.subscribe("a", () => {});
    expect(page.count()).toBe(1);
    release();
    expect(page.count()).toBe(0);
  });

  it("invalidate asks shown keys again at once, and leaves the others to ask when next shown", async () => {
    const { store } = setup();
    let n = 0;
    const load = vi.fn(async () => ++n);
    store.register("steps/1", load);
    store.register("steps/12", load);
    store.register("stepsx", load);
    store.subscribe("steps/1", () => {});
    store.subscribe("stepsx", () => {});
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    await store.invalidate("steps");
    expect(load).toHaveBeenCalledTimes(3);
    expect(store.snapshot("steps/1").data).toBe(3);
    // A key no screen shows is forgotten: the next screen loads it, and shows nothing old meanwhile.
    const release = store.subscribe("steps/12", () => {});
    await flush();
    release();
    expect(store.snapshot("steps/12").data).toBe(4);
    await store.invalidate("steps");
    expect(store.snapshot("steps/12").data).toBeUndefined();
    store.subscribe("steps/12", () => {});
    expect(store.snapshot("steps/12")).toEqual({ data: undefined, error: undefined, fetching: true });
    expect(load).toHaveBeenCalledTimes(6);
  });

  it("reads the shown keys again when another tab of the site wrote (BroadcastChannel)", async () => {
    const name = `nook-test-${Math.random()}`;
    const tabA = writeChannel(name);
    const tabB = writeChannel(name);
    const a = setup({ writes: tabA });
    const b = setup({ writes: tabB });
    const loadA = vi.fn(async () => "a");
    const loadB = vi.fn(async () => "b");
    a.store.register("k", loadA);
    b.store.register("k", loadB);
    const releaseA = a.store.subscribe("k", () => {});
    const releaseB = b.store.subscribe("k", () => {});
    await flush();
    // A write through the API client of tab A: the fetch announces it.
    const write = announcing(async () => new Response("{}", { status: 200 }), tabA);
    await write("http://x/api/journal/entries", { method: "POST" });
    await vi.waitFor(() => expect(loadB).toHaveBeenCalledTimes(2));
    // The writer does not hear itself, and reads are not announced.
    await write("http://x/api/journal/entries", { method: "GET" });
    await new Promise((r) => setTimeout(r, 50));
    expect(loadA).toHaveBeenCalledTimes(1);
    expect(loadB).toHaveBeenCalledTimes(2);
    releaseA();
    releaseB();
  });

  it("announces only successful unsafe calls", async () => {
    const channel = { announce: vi.fn(), subscribe: () => () => {}, subscribeOwn: () => () => {} };
    const answer = (status: number) => announcing(async () => new Response(null, { status }), channel);
    await answer(200)("/api/x", { method: "PUT" });
    await answer(204)("/api/x", { method: "DELETE" });
    await answer(400)("/api/x", { method: "POST" });
    await answer(200)("/api/x");
    await answer(200)(new Request("http://x/api/x", { method: "PATCH" }));
    expect(channel.announce).toHaveBeenCalledTimes(3);
  });

  it("never announces a read sent as POST, so one tab's refresh is no write to the others", async () => {
    const channel = { announce: vi.fn(), subscribe: () => () => {}, subscribeOwn: () => () => {} };
    const post = announcing(async () => new Response("[]", { status: 200 }), channel);
    for (const path of ["/api/journal/entries-by-config", "/api/journal/stack-item-data", "/api/random/integers"]) {
      await post(`https://journal.example.com${path}`, { method: "POST" });
      await post(new Request(`https://journal.example.com${path}?x=1`, { method: "POST" }));
    }
    expect(channel.announce).not.toHaveBeenCalled();
    // A write beside them still is.
    await post("https://journal.example.com/api/journal/entries", { method: "POST" });
    expect(channel.announce).toHaveBeenCalledTimes(1);
  });

  it("keeps two idle tabs quiet: a tab's refresh through a read sent as POST sets off no refresh in the other", async () => {
    const name = `nook-test-${Math.random()}`;
    const [tabA, tabB] = [writeChannel(name), writeChannel(name)];
    const a = setup({ writes: tabA, dedupeMs: 0 });
    const b = setup({ writes: tabB, dedupeMs: 0 });
    // Each tab shows a stack's widget, whose data is a read sent as POST through the announcing client.
    const read = (tab: WriteChannel) =>
      vi.fn(async () => {
        const res = await announcing(async () => new Response("{}", { status: 200 }), tab)(
          "http://x/api/journal/stack-item-data",
          { method: "POST" },
        );
        return res.status;
      });
    const [loadA, loadB] = [read(tabA), read(tabB)];
    a.store.register("widget", loadA);
    b.store.register("widget", loadB);
    const releaseA = a.store.subscribe("widget", () => {});
    const releaseB = b.store.subscribe("widget", () => {});
    await vi.waitFor(() =>
      expect([a.store.snapshot("widget").data, b.store.snapshot("widget").data]).toEqual([200, 200]),
    );
    expect([loadA.mock.calls.length, loadB.mock.calls.length]).toEqual([1, 1]);
    // Tab A is shown again: it refreshes once, and tab B hears nothing of it.
    a.page.show();
    await vi.waitFor(() => expect(loadA).toHaveBeenCalledTimes(2));
    // A real write in tab A still costs tab B one refresh, and no more.
    await announcing(async () => new Response("{}", { status: 201 }), tabA)("http://x/api/journal/entries", {
      method: "POST",
    });
    await vi.waitFor(() => expect(loadB).toHaveBeenCalledTimes(2));
    // Time for a message between the tabs to arrive (as in the test above): none comes.
    await new Promise((r) => setTimeout(r, 50));
    expect([loadA.mock.calls.length, loadB.mock.calls.length]).toEqual([2, 2]);
    releaseA();
    releaseB();
  });

  it("another tab's write is read again only where it may have touched: who is signed in, only after an account's write", async () => {
    const name = `nook-test-${Math.random()}`;
    const [tabA, tabB] = [writeChannel(name), writeChannel(name)];
    const b = setup({ writes: tabB, dedupeMs: 0 });
    const loads = { "auth/check": vi.fn(async () => "me"), people: vi.fn(async () => ["Ada"]) };
    for (const [key, load] of Object.entries(loads)) {
      b.store.register(key, load);
      b.store.subscribe(key, () => {});
    }
    await flush();
    const write = (path: string) =>
      announcing(async () => new Response("{}", { status: 201 }), tabA)(`https://people.example.com${path}`, {
        method: "POST",
      });
    await write("/api/people");
    await vi.waitFor(() => expect(loads.people).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(loads["auth/check"]).toHaveBeenCalledTimes(1);
    // A write of the account (a profile saved elsewhere) reads both again; so does a write that names no path.
    await write("/api/user/profile");
    await vi.waitFor(() => expect(loads["auth/check"]).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(loads.people).toHaveBeenCalledTimes(3));
    tabA.announce();
    await vi.waitFor(() => expect(loads["auth/check"]).toHaveBeenCalledTimes(3));
  });

  it("forgets what no screen shows when this tab writes, keeping what is shown and what cannot change", async () => {
    const tab = writeChannel(`nook-test-${Math.random()}`);
    const { store } = setup({ writes: tab });
    store.register("shown", async () => "s");
    store.register("hidden", async () => "h");
    store.register("words", async () => "w", true);
    store.subscribe("shown", () => {});
    store.subscribe("hidden", () => {})();
    store.subscribe("words", () => {})();
    await flush();
    await announcing(async () => new Response(null, { status: 201 }), tab)("/api/x", { method: "POST" });
    expect(store.snapshot("shown").data).toBe("s");
    expect(store.snapshot("hidden").data).toBeUndefined();
    expect(store.snapshot("words").data).toBe("w");
  });
});

describe("back online", () => {
  it("a call on its way (begun with no network) is made anew; shown again, it is waited for", async () => {
    const { store, page } = setup({ dedupeMs: 0 });
    const first = deferred<string>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue("fresh");
    store.register("timer", load);
    store.subscribe("timer", () => {});
    page.show();
    expect(load).toHaveBeenCalledTimes(1);
    page.online();
    expect(load).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(store.snapshot("timer").data).toBe("fresh"));
    // The first call's late answer changes nothing.
    first.resolve("stale");
    await flush();
    expect(store.snapshot("timer").data).toBe("fresh");
  });
});

describe("saved copies", () => {
  /** A browser's IndexedDB of copies, as far as the store sees it. */
  function keptCopies() {
    const kept = new Map<string, { data: unknown; at: number }>();
    let clock = 5_000;
    const copies: Copies = {
      read: async (key) => kept.get(key),
      write: (key, data) => void kept.set(key, { data, at: clock }),
      unreachable: (error) => error instanceof Error && error.message === "no network",
    };
    return { kept, copies, tick: (ms: number) => (clock += ms) };
  }
  const store = (copies: Copies) => dataStore({ writes: quiet, page: testPage().page, copies, now: () => 1_000_000 });

  it("keeps each answer; a page opened with no network shows the copy, marked with its time, until an answer comes", async () => {
    const { kept, copies } = keptCopies();
    const first = store(copies);
    first.register("people", async () => ["Ada"]);
    first.subscribe("people", () => {});
    await flush();
    expect(kept.get("people")).toEqual({ data: ["Ada"], at: 5_000 });

    // The next page, with no network: the copy, said as such; nothing of it is an error.
    const next = store(copies);
    let online = false;
    next.register("people", async () => {
      if (!online) throw new Error("no network");
      return ["Ada", "Grace"];
    });
    const seen: number[] = [];
    next.watch(() => seen.push(next.savedCopyShown() ?? 0));
    next.subscribe("people", () => {});
    await vi.waitFor(() => expect(next.snapshot("people").data).toEqual(["Ada"]));
    expect(next.snapshot("people")).toMatchObject({ savedAt: 5_000, error: undefined });
    expect(next.savedCopyShown()).toBe(5_000);

    // The network back: the answer replaces it, no longer a copy.
    online = true;
    await next.retry("people");
    expect(next.snapshot("people")).toMatchObject({ data: ["Ada", "Grace"], savedAt: undefined });
    expect(next.savedCopyShown()).toBeUndefined();
  });

  it("a failure that is not the network's, or with no copy kept, is a failure", async () => {
    const { copies } = keptCopies();
    const s = store(copies);
    s.register("refused", async () => {
      throw new Error("HTTP 400");
    });
    s.register("never seen", async () => {
      throw new Error("no network");
    });
    s.subscribe("refused", () => {});
    s.subscribe("never seen", () => {});
    await vi.waitFor(() => expect(s.snapshot("never seen").error).toBeInstanceOf(Error));
    await vi.waitFor(() => expect(s.snapshot("refused").error).toBeInstanceOf(Error));
    expect(s.snapshot("never seen").data).toBeUndefined();
    expect(s.savedCopyShown()).toBeUndefined();
  });
});
