import type { Words } from "@nook/shared/random/sample";
import { describe, expect, it } from "vitest";
import { keepPicture, markLetter, nextWord, randomWord } from "./alphabet-model.ts";
import { voiceFor } from "./speech.ts";
import { be } from "./words/words-be.ts";
import { en } from "./words/words-en.ts";
import { pl } from "./words/words-pl.ts";
import { ru } from "./words/words-ru.ts";

/** Words handed out in the given order, then zeros. */
const words = (...values: number[]): Words => ({ next: () => values.shift() ?? 0 });

describe("keepPicture", () => {
  it("finds the same picture in another language, under that language's letter", () => {
    expect(keepPicture(pl, "apple", "A")).toEqual({ letter: "J", index: 0 });
    expect(keepPicture(ru, "apple", "J")).toEqual({ letter: "Я", index: 0 });
    expect(keepPicture(be, "wolf", "W")).toEqual({ letter: "Ў", index: 0 });
    expect(keepPicture(en, "hedgehog", "Ё")).toEqual({ letter: "H", index: 3 });
  });

  it("keeps the letter it was chosen under when that letter has the picture", () => {
    expect(keepPicture(en, "cake", "C")).toEqual({ letter: "C", index: 4 });
    expect(keepPicture(pl, "cat", "K")).toEqual({ letter: "K", index: 0 });
  });

  it("is null when the language has no word for the picture", () => {
    expect(keepPicture(pl, "x-ray", "X")).toBeNull();
    expect(keepPicture(en, "hug", "Ъ")).toBeNull();
  });

  it("goes there and back: a picture of both languages comes back to where it was", () => {
    for (const [letter, list] of Object.entries(en.words))
      list.forEach(([, picture], index) => {
        const there = keepPicture(pl, picture, letter);
        if (there) expect(keepPicture(en, picture, there.letter)).toEqual({ letter, index });
      });
  });
});

describe("the words of a letter", () => {
  it("nextWord goes through them in order and starts again", () => {
    expect([0, 1, 2, 3, 4].map((i) => nextWord(5, i))).toEqual([1, 2, 3, 4, 0]);
    expect(nextWord(1, 0)).toBe(0);
  });

  it("randomWord never repeats the word on show when there is another", () => {
    const seen = new Set<number>();
    for (let u = 0; u < 8; u++) {
      const i = randomWord(5, 2, words(u));
      expect(i).not.toBe(2);
      seen.add(i);
    }
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
    expect(randomWord(1, 0, words(7))).toBe(0);
    expect(randomWord(3, null, words(2))).toBe(2);
  });
});

describe("markLetter", () => {
  it("marks the first letter of an ordinary word", () => {
    expect(markLetter("żaba", "Ż", false, "pl")).toEqual([
      { text: "ż", mark: true },
      { text: "aba", mark: false },
    ]);
  });

  it("marks every place an inside letter holds", () => {
    expect(markLetter("niedźwiedź", "Ź", true, "pl")).toEqual([
      { text: "nied", mark: false },
      { text: "ź", mark: true },
      { text: "wied", mark: false },
      { text: "ź", mark: true },
    ]);
    expect(markLetter("подъёмный кран", "Ъ", true, "ru").filter((p) => p.mark)).toEqual([{ text: "ъ", mark: true }]);
  });
});

describe("voiceFor", () => {
  const voices = [{ lang: "en-US" }, { lang: "pl_PL" }, { lang: "ru-RU" }, { lang: "en-GB" }];
  it("takes a voice of the language, whatever its region or separator", () => {
    expect(voiceFor(voices, "pl")).toEqual({ lang: "pl_PL" });
    expect(voiceFor(voices, "en-GB")).toEqual({ lang: "en-GB" });
    expect(voiceFor(voices, "en")).toEqual({ lang: "en-US" });
  });
  it("finds none for a language without a voice", () => {
    expect(voiceFor(voices, "be")).toBeUndefined();
  });
});
