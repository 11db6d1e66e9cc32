import { describe, expect, it } from "vitest";
import { CARD_COUNT, cardOf, isCardNumber, minorNumber, RANKS, romanNumeral } from "./card.ts";
import { SUITS } from "./texts/types.ts";

describe("cardOf", () => {
  it("maps the spec's boundaries", () => {
    expect(cardOf(0)).toEqual({ kind: "major", number: 0, arcanum: 0 });
    expect(cardOf(21)).toEqual({ kind: "major", number: 21, arcanum: 21 });
    expect(cardOf(22)).toEqual({ kind: "minor", number: 22, suit: "wands", rank: "ace", value: 1 });
    expect(cardOf(35)).toEqual({ kind: "minor", number: 35, suit: "wands", rank: "king", value: 14 });
    expect(cardOf(36)).toEqual({ kind: "minor", number: 36, suit: "cups", rank: "ace", value: 1 });
    expect(cardOf(49)).toMatchObject({ suit: "cups", rank: "king" });
    expect(cardOf(50)).toMatchObject({ suit: "swords", rank: "ace" });
    expect(cardOf(63)).toMatchObject({ suit: "swords", rank: "king" });
    expect(cardOf(64)).toMatchObject({ suit: "pentacles", rank: "ace" });
    expect(cardOf(77)).toEqual({ kind: "minor", number: 77, suit: "pentacles", rank: "king", value: 14 });
  });

  it("names the ranks in order: pips, then Page, Knight, Queen, King", () => {
    expect(cardOf(24)).toMatchObject({ suit: "wands", rank: "three", value: 3 });
    expect(cardOf(31)).toMatchObject({ rank: "ten", value: 10 });
    expect(cardOf(32)).toMatchObject({ rank: "page", value: 11 });
    expect(cardOf(33)).toMatchObject({ rank: "knight" });
    expect(cardOf(34)).toMatchObject({ rank: "queen" });
  });

  it("is a one-to-one map of 0-77 onto 22 majors and 4 suits of 14", () => {
    const minors = new Set<string>();
    let majors = 0;
    for (let n = 0; n < CARD_COUNT; n++) {
      const card = cardOf(n);
      expect(card.number).toBe(n);
      if (card.kind === "major") majors++;
      else {
        minors.add(`${card.suit}:${card.rank}`);
        expect(minorNumber(card.suit, card.rank)).toBe(n);
      }
    }
    expect(majors).toBe(22);
    expect(minors.size).toBe(SUITS.length * RANKS.length);
  });

  it("refuses what is not a card number", () => {
    for (const bad of [-1, 78, 1.5, Number.NaN]) {
      expect(isCardNumber(bad)).toBe(false);
      expect(() => cardOf(bad)).toThrow(RangeError);
    }
    expect(isCardNumber("3")).toBe(false);
  });
});

describe("romanNumeral", () => {
  it("numbers the major arcana as printed", () => {
    expect([0, 1, 4, 9, 14, 19, 21].map(romanNumeral)).toEqual(["0", "I", "IV", "IX", "XIV", "XIX", "XXI"]);
    expect(() => romanNumeral(22)).toThrow(RangeError);
  });
});
