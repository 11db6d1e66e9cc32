import type { DeckText } from "../deck.ts";
import { major } from "./major.ru.ts";
import { suits } from "./suits.ru.ts";
import { swordsPentacles } from "./swords-pentacles.ru.ts";
import { wandsCups } from "./wands-cups.ru.ts";

/** The deck in Russian: cards 0-77 in order, and the suits. */
export const deck: DeckText = { cards: [...major, ...wandsCups, ...swordsPentacles], suits };
