/** The alphabet cards' rules, pure: where a picture sits in a language, which word comes next, what to mark. */
import { randomInt, type Words } from "@nook/shared/random/sample";
import type { PictureId } from "./pictures.ts";
import type { LanguageWords } from "./words/types.ts";

/** A card on show: a letter and its word's position in that letter's list. */
export interface Place {
  letter: string;
  index: number;
}

/**
 * Where `picture` is in `words`: under `letter` when that letter has it, else
 * under the first letter that does; null when the language has no word for it.
 * A language switch shows the same picture through this.
 */
export function keepPicture(words: LanguageWords, picture: PictureId, letter?: string): Place | null {
  const under = (l: string) => words.words[l]?.findIndex(([, p]) => p === picture) ?? -1;
  if (letter !== undefined && under(letter) >= 0) return { letter, index: under(letter) };
  for (const l of words.letters) {
    const index = under(l);
    if (index >= 0) return { letter: l, index };
  }
  return null;
}

/** A random word of a letter with `count` words, never `current` again when there is another. */
export function randomWord(count: number, current: number | null, words?: Words): number {
  if (current === null || count < 2 || current >= count) return randomInt(0, count - 1, words);
  const drawn = randomInt(0, count - 2, words);
  return drawn >= current ? drawn + 1 : drawn;
}

/** The word after `index`, back to the first after the last. */
export const nextWord = (count: number, index: number) => (index + 1) % count;

/** A word in pieces, the letter's own marked: the first letter, or every one of an `inside` letter. */
export function markLetter(
  word: string,
  letter: string,
  inside: boolean,
  lang: string,
): { text: string; mark: boolean }[] {
  const chars = [...word];
  const small = letter.toLocaleLowerCase(lang);
  const parts: { text: string; mark: boolean }[] = [];
  chars.forEach((ch, i) => {
    const mark = inside ? ch.toLocaleLowerCase(lang) === small : i === 0;
    const last = parts.at(-1);
    if (last && last.mark === mark) last.text += ch;
    else parts.push({ text: ch, mark });
  });
  return parts;
}
