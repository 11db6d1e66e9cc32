/**
 * The shape of the tarot deck's texts, one module per language and part
 * (loaded on demand, never in the first load). Written for Nook, in English
 * and Russian.
 *
 * Card numbers (spec 2 §3): 0-21 major arcana (The Fool … The World),
 * 22-35 wands, 36-49 cups, 50-63 swords, 64-77 pentacles; each suit in the
 * order Ace, Two … Ten, Page, Knight, Queen, King.
 *
 * The parts, each `readonly CardText[]` in card order:
 *   major.<lang>.ts            export const major            (22 cards, 0-21)
 *   wands-cups.<lang>.ts       export const wandsCups        (28 cards, 22-49)
 *   swords-pentacles.<lang>.ts export const swordsPentacles  (28 cards, 50-77)
 *   suits.<lang>.ts            export const suits: Record<Suit, SuitText>
 */

export const SUITS = ["wands", "cups", "swords", "pentacles"] as const;
export type Suit = (typeof SUITS)[number];

export interface CardText {
  /** The card's name as a reader of that language knows it: "The Fool", "Three of Cups". */
  name: string;
  /** What the card says upright: at least three lines, one sentence each. */
  upright: readonly string[];
  /** What it says reversed: at least three lines, one sentence each. */
  reversed: readonly string[];
}

export interface SuitText {
  /** "Wands", "Жезлы". */
  name: string;
  /** Three paragraphs: the suit's element and domain, its gifts, its shadow. */
  paragraphs: readonly [string, string, string];
}
