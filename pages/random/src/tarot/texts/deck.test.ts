import { describe, expect, it } from "vitest";
import * as majorEn from "./major.en.ts";
import * as majorRu from "./major.ru.ts";
import * as suitsEn from "./suits.en.ts";
import * as suitsRu from "./suits.ru.ts";
import * as swordsPentaclesEn from "./swords-pentacles.en.ts";
import * as swordsPentaclesRu from "./swords-pentacles.ru.ts";
import { type CardText, SUITS } from "./types.ts";
import * as wandsCupsEn from "./wands-cups.en.ts";
import * as wandsCupsRu from "./wands-cups.ru.ts";

const decks = {
  en: {
    cards: [...majorEn.major, ...wandsCupsEn.wandsCups, ...swordsPentaclesEn.swordsPentacles],
    suits: suitsEn.suits,
  },
  ru: {
    cards: [...majorRu.major, ...wandsCupsRu.wandsCups, ...swordsPentaclesRu.swordsPentacles],
    suits: suitsRu.suits,
  },
};

const RANKS_EN = ["Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
const COURT_EN = ["Page", "Knight", "Queen", "King"];
const SUIT_EN = ["Wands", "Cups", "Swords", "Pentacles"];
const SUIT_RU_GENITIVE = ["Жезлов", "Кубков", "Мечей", "Пентаклей"];

const lines = (card: CardText) => [...card.upright, ...card.reversed];

describe("the tarot deck's texts (spec 2 §3: 78 cards, several meaning lines each, three paragraphs a suit)", () => {
  for (const [lang, deck] of Object.entries(decks))
    describe(lang, () => {
      it("has all 78 cards, each named once, with at least three lines upright and three reversed", () => {
        expect(deck.cards).toHaveLength(78);
        expect(new Set(deck.cards.map((c) => c.name)).size).toBe(78);
        for (const card of deck.cards) {
          expect(card.name.trim(), JSON.stringify(card)).not.toBe("");
          expect(card.upright.length, card.name).toBeGreaterThanOrEqual(3);
          expect(card.reversed.length, card.name).toBeGreaterThanOrEqual(3);
          for (const line of lines(card)) expect(line.trim().length, card.name).toBeGreaterThan(20);
          // Reversed is its own reading, not the upright text again.
          for (const line of card.reversed) expect(card.upright, card.name).not.toContain(line);
        }
      });

      it("has three paragraphs for each of the four suits", () => {
        expect(Object.keys(deck.suits).sort()).toEqual([...SUITS].sort());
        for (const suit of SUITS) {
          expect(deck.suits[suit].name.trim()).not.toBe("");
          expect(deck.suits[suit].paragraphs).toHaveLength(3);
          for (const p of deck.suits[suit].paragraphs) expect(p.trim().length).toBeGreaterThan(80);
        }
      });
    });

  it("keeps the card order: 0 The Fool … 21 The World, then each suit Ace … King", () => {
    const en = decks.en.cards.map((c) => c.name);
    expect(en[0]).toBe("The Fool");
    expect(en[8]).toBe("Strength");
    expect(en[11]).toBe("Justice");
    expect(en[21]).toBe("The World");
    for (const [s, suit] of SUIT_EN.entries())
      for (const [r, rank] of [...RANKS_EN, ...COURT_EN].entries())
        expect(en[22 + s * 14 + r]).toBe(`${rank} of ${suit}`);
    const ru = decks.ru.cards.map((c) => c.name);
    expect(ru[0]).toBe("Шут");
    expect(ru[21]).toBe("Мир");
    for (const [s, suit] of SUIT_RU_GENITIVE.entries())
      for (let r = 0; r < 14; r++) expect(ru[22 + s * 14 + r]).toMatch(new RegExp(` ${suit}$`));
  });

  it("is written in Russian for Russian: no line is the English one, and each card has as many lines", () => {
    for (const [i, card] of decks.ru.cards.entries()) {
      const en = decks.en.cards[i] as CardText;
      expect(card.upright.length).toBe(en.upright.length);
      expect(card.reversed.length).toBe(en.reversed.length);
      for (const line of lines(card)) expect(line).toMatch(/[а-яё]/i);
    }
  });
});
