import { describe, expect, it } from "vitest";
import {
  HISTORY_KEY,
  HISTORY_MAX,
  type HistoryEntry,
  parseHistory,
  readHistory,
  readWithReverted,
  WITH_REVERTED_KEY,
  withEntry,
  withSaved,
  writeHistory,
  writeWithReverted,
} from "./history.ts";

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const entry = (i: number, patch: Partial<HistoryEntry> = {}): HistoryEntry => ({
  cards: ["Three of Cups", "The Moon (R)"],
  cardNumbers: [38, 18],
  date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  reverts: [false, true],
  ...patch,
});

describe("the tarot history in browser storage", () => {
  it("round-trips: what is written reads back the same, newest first", () => {
    const store = memoryStore();
    let entries: HistoryEntry[] = [];
    entries = withEntry(entries, entry(1));
    entries = withEntry(entries, entry(2, { cards: ["The Fool"], cardNumbers: [0], reverts: [false] }));
    expect(writeHistory(entries, store)).toBe(true);
    const read = readHistory(store);
    expect(read).toEqual(entries);
    expect(read[0]?.cards).toEqual(["The Fool"]);
  });

  it("ignores a broken value: bad JSON, not a list, a foreign shape", () => {
    for (const raw of ["{not json", "42", '{"cards":[]}', "null", ""]) {
      const store = memoryStore();
      store.setItem(HISTORY_KEY, raw);
      expect(readHistory(store)).toEqual([]);
    }
  });

  it("skips broken entries and keeps the good ones", () => {
    const good = entry(1);
    const raw = JSON.stringify([
      good,
      { ...good, cardNumbers: [38, 78] },
      { ...good, date: "yesterday" },
      { ...good, reverts: [false] },
      { ...good, cards: [1, 2] },
      { ...good, cards: [], cardNumbers: [], reverts: [] },
      null,
      "The Star",
    ]);
    expect(parseHistory(raw)).toEqual([good]);
  });

  it("reads reverts stored as the drawn 0/1 bits", () => {
    const raw = JSON.stringify([{ ...entry(1), reverts: [0, 1] }]);
    expect(parseHistory(raw)[0]?.reverts).toEqual([false, true]);
  });

  it("caps the history, dropping the oldest", () => {
    let entries: HistoryEntry[] = [];
    for (let i = 0; i < HISTORY_MAX + 5; i++) entries = withEntry(entries, entry(i));
    expect(entries).toHaveLength(HISTORY_MAX);
    expect(entries[0]?.date).toBe(entry(HISTORY_MAX + 4).date);
    expect(entries.at(-1)?.date).toBe(entry(5).date);
    // A longer list stored elsewhere is cut on reading too.
    const store = memoryStore();
    store.setItem(HISTORY_KEY, JSON.stringify([...entries, entry(0), entry(1)]));
    expect(readHistory(store)).toHaveLength(HISTORY_MAX);
  });

  it("marks one draw saved, and clears to nothing", () => {
    const store = memoryStore();
    const entries = withSaved([entry(2), entry(1)], entry(1).date);
    expect(entries.map((e) => e.saved)).toEqual([undefined, true]);
    writeHistory(entries, store);
    expect(readHistory(store)[1]?.saved).toBe(true);
    writeHistory([], store);
    expect(store.data.has(HISTORY_KEY)).toBe(false);
  });

  it("survives a store that refuses", () => {
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
    expect(readHistory(refusing)).toEqual([]);
    expect(writeHistory([entry(1)], refusing)).toBe(false);
    expect(writeHistory([entry(1)], null)).toBe(false);
    expect(readWithReverted(refusing)).toBe(false);
    expect(() => writeWithReverted(true, refusing)).not.toThrow();
  });
});

describe("the 'With reverted' flag", () => {
  it("is off by default and kept once set", () => {
    const store = memoryStore();
    expect(readWithReverted(store)).toBe(false);
    writeWithReverted(true, store);
    expect(store.data.get(WITH_REVERTED_KEY)).toBe("true");
    expect(readWithReverted(store)).toBe(true);
    writeWithReverted(false, store);
    expect(readWithReverted(store)).toBe(false);
  });
});
