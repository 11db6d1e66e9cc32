import { drawId } from "@nook/shared/random/saved-draws";
import { readStored, writeStored } from "@nook/ui/stored";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  HISTORY_KEY,
  HISTORY_MAX,
  type HistoryEntry,
  NO_DRAWS,
  parseHistory,
  parseSpread,
  parseWithReverted,
  WITH_REVERTED_KEY,
  withEntry,
  withSaved,
} from "./history.ts";

/** The browser's localStorage, in memory; the page reads and writes it through `useStored`, as here. */
function memoryStore() {
  const data = new Map<string, string>();
  const store = {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  vi.stubGlobal("localStorage", store);
  return store;
}

afterEach(() => vi.unstubAllGlobals());

const readHistory = () => readStored(HISTORY_KEY, parseHistory, NO_DRAWS);
const writeHistory = (entries: HistoryEntry[]) => writeStored(HISTORY_KEY, entries);
const readWithReverted = () => readStored(WITH_REVERTED_KEY, parseWithReverted, false);

const entry = (i: number, patch: Partial<HistoryEntry> = {}): HistoryEntry => ({
  cards: ["Three of Cups", "The Moon (R)"],
  cardNumbers: [38, 18],
  date: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  reverts: [false, true],
  ...patch,
});

describe("the tarot history in browser storage", () => {
  it("round-trips: what is written reads back the same, newest first", () => {
    memoryStore();
    let entries: HistoryEntry[] = [];
    entries = withEntry(entries, entry(1));
    entries = withEntry(entries, entry(2, { cards: ["The Fool"], cardNumbers: [0], reverts: [false] }));
    expect(writeHistory(entries)).toBe(true);
    const read = readHistory();
    expect(read).toEqual(entries);
    expect(read[0]?.cards).toEqual(["The Fool"]);
  });

  it("ignores a broken value: bad JSON, not a list, a foreign shape", () => {
    for (const raw of ["{not json", "42", '{"cards":[]}', "null", ""]) {
      const store = memoryStore();
      store.setItem(HISTORY_KEY, raw);
      expect(readHistory()).toEqual([]);
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
    expect(parseHistory(JSON.parse(raw))).toEqual([good]);
  });

  it("reads reverts stored as the drawn 0/1 bits", () => {
    const raw = JSON.stringify([{ ...entry(1), reverts: [0, 1] }]);
    expect(parseHistory(JSON.parse(raw))[0]?.reverts).toEqual([false, true]);
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
    expect(readHistory()).toHaveLength(HISTORY_MAX);
  });

  it("marks one draw saved, and clears to nothing", () => {
    memoryStore();
    const listed = [entry(2), entry(1)];
    // Nothing saved: the very same list.
    expect(withSaved(listed, new Set(["zz"]))).toBe(listed);
    const entries = withSaved(listed, new Set([drawId(entry(1).date)]));
    expect(entries.map((e) => e.saved)).toEqual([undefined, true]);
    expect(withSaved(entries, new Set([drawId(entry(1).date)]))).toBe(entries);
    writeHistory(entries);
    expect(readHistory()[1]?.saved).toBe(true);
    writeHistory([]);
    expect(readHistory()).toEqual([]);
  });

  it("reads what the page stored before it went through useStored", () => {
    const store = memoryStore();
    store.setItem(HISTORY_KEY, JSON.stringify([entry(1)]));
    store.setItem(WITH_REVERTED_KEY, "true");
    expect(readHistory()).toEqual([entry(1)]);
    expect(readWithReverted()).toBe(true);
  });
});

describe("the 'With reverted' flag", () => {
  it("is off by default and kept once set", () => {
    const store = memoryStore();
    expect(readWithReverted()).toBe(false);
    writeStored(WITH_REVERTED_KEY, true);
    expect(store.data.get(WITH_REVERTED_KEY)).toBe("true");
    expect(readWithReverted()).toBe(true);
    writeStored(WITH_REVERTED_KEY, false);
    expect(readWithReverted()).toBe(false);
  });
});

describe("the spread on the table", () => {
  it("reads back as it was kept, and anything else as none", () => {
    const spread = {
      date: "2026-11-26T09:30:00.000Z",
      cards: [
        { number: 18, reversed: true },
        { number: 0, reversed: false },
      ],
    };
    expect(parseSpread(JSON.parse(JSON.stringify(spread)))).toEqual(spread);
    for (const bad of [
      null,
      "x",
      { date: "no", cards: spread.cards },
      { date: spread.date, cards: [] },
      { date: spread.date, cards: [{ number: 78, reversed: false }] },
      { date: spread.date, cards: [{ number: 1, reversed: 1 }] },
      {
        date: spread.date,
        cards: [
          { number: 1, reversed: false },
          { number: 1, reversed: true },
        ],
      },
      { date: spread.date, cards: [0, 1, 2, 3].map((number) => ({ number, reversed: false })) },
    ])
      expect(parseSpread(bad)).toBe(null);
  });
});
