import { describe, expect, it } from "vitest";
import { CARD_COUNT } from "./card.ts";
import { loadDeck } from "./deck.ts";

// The texts themselves are checked card by card in texts/deck.test.ts; here, the loading.
describe("loading the deck's texts", () => {
  it("loads all 78 cards in each language", async () => {
    for (const locale of ["en", "ru"]) expect((await loadDeck(locale)).cards).toHaveLength(CARD_COUNT);
  });

  it("gives English for a locale it does not have", async () => {
    expect((await loadDeck("pl")).cards[0]).toEqual((await loadDeck("en")).cards[0]);
  });

  it("speaks each language: the Russian deck is not the English one", async () => {
    const [en, ru] = await Promise.all([loadDeck("en"), loadDeck("ru")]);
    expect(ru.cards.filter((c, i) => c.name === en.cards[i]?.name)).toEqual([]);
  });
});
