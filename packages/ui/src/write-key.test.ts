import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { actionDone, actionKey, keyedWrite } from "./write-key.ts";

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
