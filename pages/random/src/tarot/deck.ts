import type { CardText, Suit, SuitText } from "./texts/types.ts";

/** One language's deck: the 78 cards in card-number order, and the four suits. */
export interface DeckText {
  cards: readonly CardText[];
  suits: Readonly<Record<Suit, SuitText>>;
}

// Each language is its own chunk, fetched when the tarot first needs it — never in the site's first load.
const loaders = {
  en: () => import("./texts/deck.en.ts"),
  ru: () => import("./texts/deck.ru.ts"),
} satisfies Record<string, () => Promise<{ deck: DeckText }>>;

/** The deck's texts in the UI language (English for any other). */
export async function loadDeck(locale: string): Promise<DeckText> {
  const load = locale === "ru" ? loaders.ru : loaders.en;
  return (await load()).deck;
}
