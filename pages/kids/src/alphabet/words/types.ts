import type { PictureId } from "../pictures.ts";

/** One picture word: the word (lower case, the language's letters) and its picture. */
export type Entry = readonly [word: string, picture: PictureId];

/** The words 0-9, in order. */
export type NumberWords = readonly [string, string, string, string, string, string, string, string, string, string];

/** One language of the kids' alphabet and numbers: a module of its own, loaded on demand. */
export interface LanguageWords {
  /** BCP-47: the words' `lang` and the speech voice's language. */
  lang: string;
  /** The alphabet, capitals, in order. */
  letters: readonly string[];
  /** Letters no child's word begins with: their words contain the letter instead. */
  inside: readonly string[];
  /** Letters (not `inside`) with fewer than three words, each explained where it is listed. */
  few: readonly string[];
  /** Per letter, its picture words. */
  words: Readonly<Record<string, readonly Entry[]>>;
  numbers: NumberWords;
}
