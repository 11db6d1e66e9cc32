import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { actionDone, actionKey, keyedWrite, worthRetrying } from "./write-key.ts";

// Node has no localStorage: a plain one for these tests.
const kept = new Map<string, string>();
beforeEach(() => {
  kept.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => kept.get(k) ?? null,
    setItem: (k: string, v: string) => void kept.set(k, v),
    removeItem: (k: string) => void kept.delete(k),
  });
});
afterAll(() => vi.unstubAllGlobals());

describe("one Idempotency-Key per action, across its retries", () => {
  it("the same action with the same body keeps its key until it succeeds", () => {
    const first = actionKey("people/create", { name: "Ada" });
    expect(actionKey("people/create", { name: "Ada" })).toBe(first);
    // Another body is another action; another action name too.
    const changed = actionKey("people/create", { name: "Ada L." });
    expect(changed).not.toBe(first);
    expect(actionKey("steps/create", { name: "Ada L." })).not.toBe(changed);
    actionDone("people/create");
    expect(actionKey("people/create", { name: "Ada L." })).not.toBe(changed);
  });

  it("keyedWrite: a failure keeps the key for the retry, a success lets it go", async () => {
    const sent: string[] = [];
    const send = (ok: boolean) => (headers: Record<string, string>) => {
      sent.push(headers["Idempotency-Key"] ?? "");
      return ok ? Promise.resolve("made") : Promise.reject(new Error("no answer"));
    };
    await expect(keyedWrite("stacks/create", { name: "Habits" }, send(false))).rejects.toThrow("no answer");
    expect(await keyedWrite("stacks/create", { name: "Habits" }, send(true))).toBe("made");
    expect(await keyedWrite("stacks/create", { name: "Habits" }, send(true))).toBe("made");
    expect(sent[1]).toBe(sent[0]);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it("a key older than the server keeps one is not sent again; at most 50 are kept", () => {
    const old = actionKey("a", 1, 0);
    expect(actionKey("a", 1, 31 * 24 * 3600_000)).not.toBe(old);
    for (let i = 0; i < 60; i++) actionKey(`action ${i}`, i, 1_000_000 + i);
    const stored = JSON.parse([...kept.values()][0] ?? "{}") as Record<string, unknown>;
    expect(Object.keys(stored)).toHaveLength(50);
    expect(stored["action 59"]).toBeDefined();
    expect(stored["action 0"]).toBeUndefined();
  });
});

describe("keyedWrite tries a write whose answer was lost again, with its key, before it says it failed", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    // The offline test's navigator goes (the file's beforeEach gives the next test its localStorage again).
    vi.unstubAllGlobals();
  });

  const lost = () => new ApiError(0, null);
  const said = (status: number, code?: string) =>
    new ApiError(status, "words", code ? { code: code as never, values: {} } : null);

  /** A send that answers each try in turn (an error is thrown), recording the key each carried. */
  function answers<T>(...replies: (T | ApiError)[]) {
    const keys: string[] = [];
    const send = (headers: Record<string, string>) => {
      keys.push(headers["Idempotency-Key"] ?? "");
      const reply = replies[keys.length - 1];
      return reply instanceof ApiError ? Promise.reject(reply) : Promise.resolve(reply as T);
    };
    return { keys, send };
  }

  it("a lost answer, then the server's replay from the key: a success, one key, and the key let go", async () => {
    const { keys, send } = answers(lost(), { id: 7 });
    const write = keyedWrite("today/mood-2026-12-07", { mood: 4 }, send);
    await vi.advanceTimersByTimeAsync(0);
    expect(keys).toHaveLength(1);
    // Not before its pause (0.5 s).
    await vi.advanceTimersByTimeAsync(499);
    expect(keys).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await write).toEqual({ id: 7 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
    // Succeeded: the next press of the same mood is another write.
    expect(actionKey("today/mood-2026-12-07", { mood: 4 })).not.toBe(keys[0]);
  });

  it("a refusal (4xx) is final at once: one try, its error, the key kept for the next press", async () => {
    const refusal = said(400, "validation.invalid");
    const { keys, send } = answers(refusal, "made");
    await expect(keyedWrite("steps/create", { name: "" }, send)).rejects.toBe(refusal);
    expect(keys).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(actionKey("steps/create", { name: "" })).toBe(keys[0]);
  });

  it("every try lost: it fails after three, 0.5 s and 1.5 s apart, each with the same key, kept", async () => {
    const { keys, send } = answers(lost(), lost(), lost(), "never asked");
    const write = keyedWrite("stacks/create", { name: "Habits" }, send);
    const failed = expect(write).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(keys).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1499);
    expect(keys).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    // The next press sends it again with the same key.
    expect(actionKey("stacks/create", { name: "Habits" })).toBe(keys[0]);
  });

  it("a server's 'later' is tried again; its other answers, and a failure that is not the network's, are not", () => {
    for (const status of [500, 502, 503, 408, 429]) expect(worthRetrying(said(status)), `${status}`).toBe(true);
    expect(worthRetrying(lost())).toBe(true);
    expect(worthRetrying(said(409, "platform.idempotencyKeyInFlight"))).toBe(true);
    for (const error of [
      said(409, "platform.versionConflict"),
      said(409),
      said(422, "platform.idempotencyKeyReused"),
      said(400),
      said(401),
      said(403),
      said(404),
      new Error("a bug"),
    ])
      expect(worthRetrying(error), error.message).toBe(false);
  });

  it("the browser sure it is offline: said at once, not tried again", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    const { keys, send } = answers(lost(), "made");
    await expect(keyedWrite("entries/create", { text: "x" }, send)).rejects.toMatchObject({ status: 0 });
    expect(keys).toHaveLength(1);
  });

  it("the key's first request still running (409 in flight), then its answer: one write", async () => {
    const { keys, send } = answers(said(409, "platform.idempotencyKeyInFlight"), "made");
    const write = keyedWrite("calendar/event-create", { title: "Gym" }, send);
    await vi.advanceTimersByTimeAsync(500);
    expect(await write).toBe("made");
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
