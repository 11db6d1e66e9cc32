import type { DeckText } from "../deck.ts";
import { major } from "./major.en.ts";
import { suits } from "./suits.en.ts";
import { swordsPentacles } from "./swords-pentacles.en.ts";
import { wandsCups } from "./wands-cups.en.ts";

/** The deck in English: cards 0-77 in order, and the suits. */
export const deck: DeckText = { cards: [...major, ...wandsCups, ...swordsPentacles], suits };
