import type { CelticTree, ChineseAnimal, ChineseElement, WesternSign, YinYang } from "@nook/shared/lupileon/signs";

/**
 * The zodiac lore of one language (spec 2 §3: the sign, animal, tree and
 * yin/yang records), written for Nook. Each language is its own chunk, loaded
 * when the Stars mode first needs it (`loadLore`). Plain sentences: they are
 * rendered as text, never as HTML.
 */
export interface Lore {
  western: Readonly<Record<WesternSign, WesternLore>>;
  chinese: Readonly<Record<ChineseAnimal, ChineseLore>>;
  elements: Readonly<Record<ChineseElement, ElementLore>>;
  yinYang: Readonly<Record<YinYang, YinYangLore>>;
  celtic: Readonly<Record<CelticTree, CelticLore>>;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly [WeekdayLore, WeekdayLore, WeekdayLore, WeekdayLore, WeekdayLore, WeekdayLore, WeekdayLore];
}

export interface WesternLore {
  /** "Aries". */
  name: string;
  /** What the glyph pictures: "The Ram". */
  symbol: string;
  /** A short epithet: "The Trailblazer". */
  nickname: string;
  /** Five to seven single words or short phrases. */
  traits: readonly string[];
  /** "Fire", "Earth", "Air" or "Water". */
  element: string;
  /** The ruling planet(s): "Mars". */
  ruler: string;
  /** About this sign: two or three sentences on the myth and the sky. */
  about: string;
  /** Personality: three or four sentences. */
  description: string;
}

export interface ChineseLore {
  /** "Rat". */
  name: string;
  /** "The Clever Survivor". */
  nickname: string;
  traits: readonly string[];
  /** Two to four sentences: the legend of the race and the animal's character. */
  about: string;
  /** The name's grammatical gender, where an element's adjective agrees with it (Russian). */
  gender?: "masculine" | "feminine";
}

export interface ElementLore {
  /** "Wood". */
  name: string;
  /**
   * Where the year is named with the element as an adjective that agrees with the
   * animal (Russian: «Металлическая Лошадь», «Водяной Тигр»); without it the
   * page says "{element} {animal}" ("Metal Horse").
   */
  adjective?: { masculine: string; feminine: string };
  /** One or two sentences on what the element brings to the year's animal. */
  about: string;
}

export interface YinYangLore {
  /** "Yin". */
  name: string;
  /** "Earth" for yin, "Heaven" for yang (spec 2 §3). */
  element: string;
  about: string;
  traits: readonly string[];
}

export interface CelticLore {
  /** "Birch". */
  tree: string;
  /** "The Achiever". */
  nickname: string;
  traits: readonly string[];
  /** Two or three animals. */
  guardianAnimals: readonly string[];
  gemstone: string;
  /** Tree lore: two or three sentences on the tree in Celtic and Irish tradition. */
  about: string;
  /** Personality: three or four sentences. */
  description: string;
}

export interface WeekdayLore {
  /** The line of the nursery rhyme ("Monday's child is fair of face") or its equivalent. */
  meaning: string;
  /** One or two sentences: the day's planet or god and what the day is said to give. */
  about: string;
}
