import { describe, expect, it } from "vitest";
import { CARD_COUNT } from "./card.ts";
import { loadDeck } from "./deck.ts";
import { SUITS } from "./texts/types.ts";

describe("the deck's texts", () => {
  for (const locale of ["en", "ru"]) {
    it(`${locale}: 78 distinct cards, each with upright and reversed lines; four suits of three paragraphs`, async () => {
      const deck = await loadDeck(locale);
      expect(deck.cards).toHaveLength(CARD_COUNT);
      expect(new Set(deck.cards.map((c) => c.name)).size).toBe(CARD_COUNT);
      for (const card of deck.cards) {
        expect(card.name.trim()).not.toBe("");
        expect(card.upright.length).toBeGreaterThanOrEqual(3);
        expect(card.reversed.length).toBeGreaterThanOrEqual(3);
      }
      expect(Object.keys(deck.suits).sort()).toEqual([...SUITS].sort());
      for (const suit of SUITS) expect(deck.suits[suit].paragraphs).toHaveLength(3);
    });
  }

  it("gives English for a locale it does not have", async () => {
    expect((await loadDeck("pl")).cards[0]).toEqual((await loadDeck("en")).cards[0]);
  });

  it("speaks each language: the Russian deck is not the English one", async () => {
    const [en, ru] = await Promise.all([loadDeck("en"), loadDeck("ru")]);
    expect(ru.cards.filter((c, i) => c.name === en.cards[i]?.name)).toEqual([]);
  });
});
