import { drawId } from "@nook/shared/random/saved-draws";
import { isCardNumber } from "./card.ts";

/**
 * The tarot's browser storage (spec 2 §3, §7), kept through `useStored`: the
 * draws made on this device, newest first, and the 'With reverted' flag.
 * Whatever is stored is read with suspicion — a broken or foreign value gives
 * an empty history, never an error.
 */
export const HISTORY_KEY = "nook.tarot.history";
export const WITH_REVERTED_KEY = "nook.tarot.with-reverted";
/** The spread on the table, so a reload does not take it away. */
export const CURRENT_KEY = "nook.tarot.current";
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
  /** Saved as a journal entry (the journal said so: saved-draws.ts), not merely sent there. */
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

/**
 * The history with the draws the journal saved (their ids, saved-draws.ts)
 * marked saved; the same array when none changes, so a page can compare.
 */
export function withSaved(entries: HistoryEntry[], savedIds: ReadonlySet<string>): HistoryEntry[] {
  if (!entries.some((e) => !e.saved && savedIds.has(drawId(e.date)))) return entries;
  return entries.map((e) => (!e.saved && savedIds.has(drawId(e.date)) ? { ...e, saved: true } : e));
}

/** The spread on the table: when it was drawn and each card as it fell. */
export interface Spread {
  date: string;
  cards: { number: number; reversed: boolean }[];
}

/** A stored spread, or null (none, or not a spread's shape). */
export function parseSpread(raw: unknown): Spread | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { date, cards } = raw as Record<string, unknown>;
  if (typeof date !== "string" || Number.isNaN(Date.parse(date))) return null;
  if (!Array.isArray(cards) || cards.length < 1 || cards.length > 3) return null;
  const read = cards.map((c) =>
    typeof c === "object" && c !== null && isCardNumber(c.number) && typeof c.reversed === "boolean"
      ? { number: c.number as number, reversed: c.reversed as boolean }
      : null,
  );
  if (read.some((c) => c === null)) return null;
  const spread = read as Spread["cards"];
  if (new Set(spread.map((c) => c.number)).size !== spread.length) return null;
  return { date, cards: spread };
}

/** The 'With reverted' flag (stored as true/false): off unless the reader turned it on. */
export const parseWithReverted = (raw: unknown): boolean => raw === true;
