import { SUITS, type Suit } from "./texts/types.ts";

/** A tarot deck's size (spec 2 §3, §9): card numbers 0-77. */
export const CARD_COUNT = 78;
export const MAJOR_COUNT = 22;
/** Ace … Ten, then the four court cards, in each suit's order. */
export const RANKS = [
  "ace",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "page",
  "knight",
  "queen",
  "king",
] as const;
export type Rank = (typeof RANKS)[number];
export const SUIT_SIZE = RANKS.length;

export type Card =
  | { kind: "major"; number: number; arcanum: number }
  | {
      kind: "minor";
      number: number;
      suit: Suit;
      rank: Rank /** 1 for the Ace … 10, 11-14 for the court. */;
      value: number;
    };

export function isCardNumber(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0 && (n as number) < CARD_COUNT;
}

/** Card number → what the card is: 0-21 major arcana, 22-35 wands, 36-49 cups, 50-63 swords, 64-77 pentacles. */
export function cardOf(number: number): Card {
  if (!isCardNumber(number)) throw new RangeError(`cardOf: ${number} is not a card number (0-${CARD_COUNT - 1})`);
  if (number < MAJOR_COUNT) return { kind: "major", number, arcanum: number };
  const minor = number - MAJOR_COUNT;
  const suit = SUITS[Math.floor(minor / SUIT_SIZE)] as Suit;
  const index = minor % SUIT_SIZE;
  return { kind: "minor", number, suit, rank: RANKS[index] as Rank, value: index + 1 };
}

/** The card number of a suit's rank: the inverse of cardOf for the minor arcana. */
export function minorNumber(suit: Suit, rank: Rank): number {
  return MAJOR_COUNT + SUITS.indexOf(suit) * SUIT_SIZE + RANKS.indexOf(rank);
}

const ROMAN: [number, string][] = [
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** A major arcanum's numeral as printed on the card: 0 for the Fool, then I … XXI. */
export function romanNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= MAJOR_COUNT) throw new RangeError(`romanNumeral: ${n}`);
  if (n === 0) return "0";
  let rest = n;
  let out = "";
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}
