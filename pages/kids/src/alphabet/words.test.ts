import { describe, expect, it } from "vitest";
import { KIDS_LANGUAGES, loadWords } from "./kids-language.ts";
import { isPictureId, PICTURES } from "./pictures.ts";
import type { LanguageWords } from "./words/types.ts";

/** Each language's alphabet as its schools teach it, written out here apart from the data. */
const ALPHABETS = {
  en: "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z",
  ru: "А Б В Г Д Е Ё Ж З И Й К Л М Н О П Р С Т У Ф Х Ц Ч Ш Щ Ъ Ы Ь Э Ю Я",
  pl: "A Ą B C Ć D E Ę F G H I J K L Ł M N Ń O Ó P R S Ś T U W Y Z Ź Ż",
  be: "А Б В Г Д Е Ё Ж З І Й К Л М Н О П Р С Т У Ў Ф Х Ц Ч Ш Ы Ь Э Ю Я",
} as const;
const SIZES = { en: 26, ru: 33, pl: 32, be: 32 } as const;

const languages = await Promise.all(KIDS_LANGUAGES.map(async (code) => [code, await loadWords(code)] as const));
const entries = (words: LanguageWords) => Object.values(words.words).flat();

describe.each(languages)("the %s alphabet", (code, words) => {
  const small = (s: string) => s.toLocaleLowerCase(words.lang);
  const letterSet = new Set([...words.letters.map(small), " ", "-"]);

  it("is exactly the language's alphabet, in order", () => {
    expect(words.letters).toEqual(ALPHABETS[code].split(" "));
    expect(words.letters).toHaveLength(SIZES[code]);
    expect(Object.keys(words.words).sort()).toEqual([...words.letters].sort());
  });

  it("has words for every letter, each beginning with its letter, or holding an `inside` letter", () => {
    for (const letter of words.letters) {
      const list = words.words[letter] ?? [];
      expect(list.length, letter).toBeGreaterThan(0);
      for (const [word] of list) {
        if (words.inside.includes(letter)) expect(small(word), `${letter}: ${word}`).toContain(small(letter));
        else expect(small([...word][0] ?? ""), `${letter}: ${word}`).toBe(small(letter));
      }
    }
  });

  it("has at least three words for every letter but the declared few, and the few really have fewer", () => {
    for (const letter of words.letters) {
      const count = words.words[letter]?.length ?? 0;
      if (words.inside.includes(letter)) continue;
      if (words.few.includes(letter)) expect(count, letter).toBeLessThan(3);
      else expect(count, letter).toBeGreaterThanOrEqual(3);
    }
    for (const letter of [...words.inside, ...words.few]) expect(words.letters).toContain(letter);
    expect(words.inside.filter((l) => words.few.includes(l))).toEqual([]);
  });

  it("writes words in lower case, with the language's own letters only (no look-alikes from another script)", () => {
    for (const [word] of entries(words)) {
      expect(word, word).toBe(small(word));
      expect(word, word).toBe(word.normalize("NFC"));
      for (const ch of word) expect(letterSet.has(ch), `${word}: ${ch}`).toBe(true);
    }
  });

  it("uses pictures of the catalogue, each once, and no word twice", () => {
    const pictures = entries(words).map(([, picture]) => picture);
    for (const picture of pictures) expect(isPictureId(picture), picture).toBe(true);
    expect(new Set(pictures).size).toBe(pictures.length);
    const list = entries(words).map(([word]) => word);
    expect(new Set(list).size).toBe(list.length);
  });

  it("names the numbers 0-9 in its own letters", () => {
    expect(words.numbers).toHaveLength(10);
    for (const word of words.numbers) {
      expect(word.length).toBeGreaterThan(0);
      for (const ch of word) expect(letterSet.has(ch), `${word}: ${ch}`).toBe(true);
    }
  });
});

describe("the four languages together", () => {
  const byCode = Object.fromEntries(languages);

  it("are their own lists, not one list reused", () => {
    expect(byCode.pl?.letters).toEqual(expect.arrayContaining([..."ĄĆĘŁŃÓŚŹŻ"]));
    expect(byCode.be?.letters).toEqual(expect.arrayContaining(["Ў", "І"]));
    expect(byCode.ru?.letters).toContain("Ё");
    expect(byCode.be?.letters).not.toContain("И");
    expect(byCode.pl?.words.J?.map(([w]) => w)).toContain("jabłko");
    expect(byCode.be?.words.Ў?.map(([w]) => w)).toContain("воўк");
  });

  it("share picture ids where the meaning is the same, and leave no catalogue picture unused", () => {
    const apple = languages.map(([, words]) => entries(words).find(([, p]) => p === "apple")?.[0]);
    expect(apple).toEqual(["apple", "яблоко", "jabłko", "яблык"]);
    const used = new Set(languages.flatMap(([, words]) => entries(words).map(([, p]) => p)));
    expect(Object.keys(PICTURES).filter((id) => !used.has(id as keyof typeof PICTURES))).toEqual([]);
  });
});
