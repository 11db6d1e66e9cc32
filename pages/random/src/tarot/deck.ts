import { retryableImport } from "@nook/ui/retryable-import";
import type { CardText, Suit, SuitText } from "./texts/types.ts";

/** One language's deck: the 78 cards in card-number order, and the four suits. */
export interface DeckText {
  cards: readonly CardText[];
  suits: Readonly<Record<Suit, SuitText>>;
}

// Each language is its own chunk, fetched when the tarot first needs it — never in the site's first load.
const loaders = {
  en: retryableImport(
    () => import("./texts/deck.en.ts"),
    (m) => m.deck,
  ),
  ru: retryableImport(
    () => import("./texts/deck.ru.ts"),
    (m) => m.deck,
  ),
} satisfies Record<string, () => Promise<DeckText>>;

/** The deck's texts in the UI language (English for any other). */
export function loadDeck(locale: string): Promise<DeckText> {
  return locale === "ru" ? loaders.ru() : loaders.en();
}
