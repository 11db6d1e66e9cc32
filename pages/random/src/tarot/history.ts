import { isCardNumber } from "./card.ts";

/**
 * The tarot's browser storage (spec 2 §3, §7), kept through `useStored`: the
 * draws made on this device, newest first, and the 'With reverted' flag.
 * Whatever is stored is read with suspicion — a broken or foreign value gives
 * an empty history, never an error.
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

/** The stored value → the entries it holds: a foreign shape gives [], broken entries are skipped. */
export function parseHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map(entryOf)
    .filter((e) => e !== null)
    .slice(0, HISTORY_MAX);
}

/** No draws yet (one value, so `useStored` follows other tabs without re-reading on every render). */
export const NO_DRAWS: HistoryEntry[] = [];

/** The history with a new draw on top, capped. */
export function withEntry(entries: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...entries].slice(0, HISTORY_MAX);
}

/** The history with the draw made at `date` marked as handed to the journal. */
export function withSaved(entries: readonly HistoryEntry[], date: string): HistoryEntry[] {
  return entries.map((e) => (e.date === date ? { ...e, saved: true } : e));
}

/** The 'With reverted' flag (stored as true/false): off unless the reader turned it on. */
export const parseWithReverted = (raw: unknown): boolean => raw === true;
