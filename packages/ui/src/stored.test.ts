import { afterEach, describe, expect, it, vi } from "vitest";
import { readStored, readStoredText, writeStored, writeStoredText } from "./stored.ts";

/** A browser's localStorage as far as stored.ts uses it. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
}

const refusing = {
  getItem: () => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("quota");
  },
  removeItem: () => {
    throw new Error("denied");
  },
};

const numberOf = (raw: unknown) => (typeof raw === "number" ? raw : undefined);

afterEach(() => vi.unstubAllGlobals());

describe("stored values", () => {
  it("keep JSON under their key and read it back; undefined removes the key", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(writeStored("n", { a: [1, "b"] })).toBe(true);
    expect(storage.data.get("n")).toBe('{"a":[1,"b"]}');
    expect(readStored("n", (raw) => raw as { a: unknown[] }, { a: [] })).toEqual({ a: [1, "b"] });
    expect(writeStored("n", undefined)).toBe(true);
    expect(storage.data.has("n")).toBe(false);
  });

  it("read as the fallback when missing, not JSON, or refused by parse", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(readStored("n", numberOf, 7)).toBe(7);
    storage.setItem("n", "{broken");
    expect(readStored("n", numberOf, 7)).toBe(7);
    storage.setItem("n", '"text"');
    expect(readStored("n", numberOf, 7)).toBe(7);
    storage.setItem("n", "42");
    expect(readStored("n", numberOf, 7)).toBe(42);
  });

  it("keep text as it is, for values stored before this file (the accent's bare name)", () => {
    const storage = memoryStorage();
    vi.stubGlobal("localStorage", storage);
    expect(writeStoredText("nook-accent", "teal")).toBe(true);
    expect(storage.data.get("nook-accent")).toBe("teal");
    expect(readStoredText("nook-accent")).toBe("teal");
    expect(writeStoredText("nook-accent", null)).toBe(true);
    expect(readStoredText("nook-accent")).toBeNull();
  });

  it("never throw when the browser refuses, and say so", () => {
    for (const storage of [refusing, undefined]) {
      vi.stubGlobal("localStorage", storage);
      const refusals: unknown[] = [];
      expect(readStored("n", numberOf, 7)).toBe(7);
      expect(readStoredText("n", (e) => refusals.push(e))).toBeNull();
      expect(writeStored("n", 1, (e) => refusals.push(e))).toBe(false);
      expect(writeStoredText("n", null, (e) => refusals.push(e))).toBe(false);
      expect(refusals).toHaveLength(3);
    }
  });

  it("survive a browser that throws on the mere access to localStorage", () => {
    vi.stubGlobal("localStorage", undefined);
    Object.defineProperty(globalThis, "localStorage", {
      configurable: true,
      get() {
        throw new Error("SecurityError");
      },
    });
    try {
      expect(readStored("n", numberOf, 7)).toBe(7);
      expect(writeStored("n", 1)).toBe(false);
    } finally {
      Object.defineProperty(globalThis, "localStorage", { configurable: true, value: undefined, writable: true });
    }
  });
});
