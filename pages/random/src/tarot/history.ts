import { isCardNumber } from "./card.ts";

/**
 * The tarot's browser storage (spec 2 §3, §7): the draws made on this device,
 * newest first, and the 'With reverted' flag. Whatever is stored is read with
 * suspicion — a broken or foreign value gives an empty history, never an error.
 */
export const HISTORY_KEY = "nook.tarot.history";
export const WITH_REVERTED_KEY = "nook.tarot.with-reverted";
/** The history keeps this many draws; older ones fall off. */
export const HISTORY_MAX = 100;

export interface HistoryEntry {
  /** The cards' names in the language of the draw, ' (R)' after a reversed one. */
  cards: string[];
  cardNumbers: number[];
  /** When it was drawn (ISO). */
  date: string;
  /** Each card reversed or not. */
  reverts: boolean[];
  /** Handed to the journal. */
  saved?: boolean;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** localStorage, or nothing where it is refused (a locked-down browser throws on the mere access). */
export function browserStore(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function entryOf(value: unknown): HistoryEntry | null {
  if (typeof value !== "object" || value === null) return null;
  const { cards, cardNumbers, date, reverts, saved } = value as Record<string, unknown>;
  if (!Array.isArray(cards) || !cards.every((c) => typeof c === "string")) return null;
  if (!Array.isArray(cardNumbers) || !cardNumbers.every(isCardNumber)) return null;
  if (cards.length === 0 || cards.length !== cardNumbers.length) return null;
  if (typeof date !== "string" || Number.isNaN(Date.parse(date))) return null;
  // Reverts are booleans here; a 0/1 list (the bit as drawn) reads the same.
  if (!Array.isArray(reverts) || reverts.length !== cards.length) return null;
  if (!reverts.every((r) => typeof r === "boolean" || r === 0 || r === 1)) return null;
  const entry: HistoryEntry = { cards, cardNumbers, date, reverts: reverts.map((r) => r === true || r === 1) };
  if (saved === true) entry.saved = true;
  return entry;
}

/** The stored text → the entries it holds: bad JSON or a foreign shape gives [], broken entries are skipped. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .map(entryOf)
    .filter((e) => e !== null)
    .slice(0, HISTORY_MAX);
}

export function readHistory(store: Store | null = browserStore()): HistoryEntry[] {
  try {
    return parseHistory(store?.getItem(HISTORY_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Stores the entries; false when the browser refused (full or locked down), so the page can say so. */
export function writeHistory(entries: readonly HistoryEntry[], store: Store | null = browserStore()): boolean {
  if (!store) return false;
  try {
    if (entries.length === 0) store.removeItem(HISTORY_KEY);
    else store.setItem(HISTORY_KEY, JSON.stringify(entries.slice(0, HISTORY_MAX)));
    return true;
  } catch {
    return false;
  }
}

/** The history with a new draw on top, capped. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...entries].slice(0, HISTORY_MAX);
}

/** The history with the draw made at `date` marked as handed to the journal. */
export function withSaved(entries: readonly HistoryEntry[], date: string): HistoryEntry[] {
  return entries.map((e) => (e.date === date ? { ...e, saved: true } : e));
}

/** The 'With reverted' flag: off unless the reader turned it on. */
export function readWithReverted(store: Store | null = browserStore()): boolean {
  try {
    return store?.getItem(WITH_REVERTED_KEY) === "true";
  } catch {
    return false;
  }
}

export function writeWithReverted(on: boolean, store: Store | null = browserStore()): void {
  try {
    store?.setItem(WITH_REVERTED_KEY, String(on));
  } catch {
    // Not kept: the box still works for this visit.
  }
}
