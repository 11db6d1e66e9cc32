import { addDays, dayNumber, parseDate } from "../common/calendar-date.ts";

/**
 * The sign tables of the birth-date section (spec 2 §3 and §9): western signs
 * in their tropical and sidereal spans, Celtic trees, the Chinese cycle, and
 * the 3-day rule for a date near a sign's edge. Pure: the Worker answers with
 * them, the pages name and picture them.
 */

export const WESTERN_SIGNS = [
  "aries",
  "taurus",
  "gemini",
  "cancer",
  "leo",
  "virgo",
  "libra",
  "scorpio",
  "sagittarius",
  "capricorn",
  "aquarius",
  "pisces",
] as const;
export type WesternSign = (typeof WESTERN_SIGNS)[number];

/** The first day ("MM-DD") of each sign in the tropical zodiac (the seasons' signs, as printed in newspapers). */
export const TROPICAL_STARTS: Readonly<Record<WesternSign, string>> = {
  aries: "03-21",
  taurus: "04-20",
  gemini: "05-21",
  cancer: "06-21",
  leo: "07-23",
  virgo: "08-23",
  libra: "09-23",
  scorpio: "10-23",
  sagittarius: "11-22",
  capricorn: "12-22",
  aquarius: "01-20",
  pisces: "02-19",
};

/** The first day of each sign in the sidereal zodiac (the constellations' signs, Lahiri's ayanamsa, about 24° later). */
export const SIDEREAL_STARTS: Readonly<Record<WesternSign, string>> = {
  aries: "04-14",
  taurus: "05-15",
  gemini: "06-15",
  cancer: "07-16",
  leo: "08-17",
  virgo: "09-17",
  libra: "10-17",
  scorpio: "11-16",
  sagittarius: "12-16",
  capricorn: "01-14",
  aquarius: "02-13",
  pisces: "03-15",
};

/** The Celtic tree signs in the order of the year, from birch on 24 December (spec 2 §3, §9). */
export const CELTIC_TREES = [
  "birch",
  "rowan",
  "ash",
  "alder",
  "willow",
  "hawthorn",
  "oak",
  "holly",
  "hazel",
  "vine",
  "ivy",
  "reed",
  "elder",
] as const;
export type CelticTree = (typeof CELTIC_TREES)[number];

export const CELTIC_STARTS: Readonly<Record<CelticTree, string>> = {
  birch: "12-24",
  rowan: "01-21",
  ash: "02-18",
  alder: "03-18",
  willow: "04-15",
  hawthorn: "05-13",
  oak: "06-10",
  holly: "07-08",
  hazel: "08-05",
  vine: "09-02",
  ivy: "09-30",
  reed: "10-28",
  elder: "11-25",
};

/** Each tree's ogham letter: the character (Unicode Ogham block) and its Old Irish name. */
export const OGHAM: Readonly<Record<CelticTree, { letter: string; name: string }>> = {
  birch: { letter: "ᚁ", name: "Beith" },
  rowan: { letter: "ᚂ", name: "Luis" },
  ash: { letter: "ᚅ", name: "Nion" },
  alder: { letter: "ᚃ", name: "Fearn" },
  willow: { letter: "ᚄ", name: "Saille" },
  hawthorn: { letter: "ᚆ", name: "Huath" },
  oak: { letter: "ᚇ", name: "Duir" },
  holly: { letter: "ᚈ", name: "Tinne" },
  hazel: { letter: "ᚉ", name: "Coll" },
  vine: { letter: "ᚋ", name: "Muin" },
  ivy: { letter: "ᚌ", name: "Gort" },
  reed: { letter: "ᚍ", name: "Ngetal" },
  elder: { letter: "ᚏ", name: "Ruis" },
};

/** The trees said to get on with each tree (spec 2 §3 "compatibles"). */
export const CELTIC_COMPATIBLES: Readonly<Record<CelticTree, readonly CelticTree[]>> = {
  birch: ["vine", "reed"],
  rowan: ["oak", "ash"],
  ash: ["rowan", "willow"],
  alder: ["hazel", "oak"],
  willow: ["ash", "birch"],
  hawthorn: ["oak", "vine"],
  oak: ["rowan", "hawthorn", "alder"],
  holly: ["elder", "ash"],
  hazel: ["alder", "rowan"],
  vine: ["birch", "hawthorn"],
  ivy: ["reed", "willow"],
  reed: ["birch", "ivy"],
  elder: ["holly", "alder"],
};

export const CHINESE_ANIMALS = [
  "rat",
  "ox",
  "tiger",
  "rabbit",
  "dragon",
  "snake",
  "horse",
  "goat",
  "monkey",
  "rooster",
  "dog",
  "pig",
] as const;
export type ChineseAnimal = (typeof CHINESE_ANIMALS)[number];

export const CHINESE_ELEMENTS = ["wood", "fire", "earth", "metal", "water"] as const;
export type ChineseElement = (typeof CHINESE_ELEMENTS)[number];

export type YinYang = "yin" | "yang";

/** The ten heavenly stems and twelve earthly branches, with their pinyin. */
export const HEAVENLY_STEMS = [
  ["甲", "jiǎ"],
  ["乙", "yǐ"],
  ["丙", "bǐng"],
  ["丁", "dīng"],
  ["戊", "wù"],
  ["己", "jǐ"],
  ["庚", "gēng"],
  ["辛", "xīn"],
  ["壬", "rén"],
  ["癸", "guǐ"],
] as const;
export const EARTHLY_BRANCHES = [
  ["子", "zǐ"],
  ["丑", "chǒu"],
  ["寅", "yín"],
  ["卯", "mǎo"],
  ["辰", "chén"],
  ["巳", "sì"],
  ["午", "wǔ"],
  ["未", "wèi"],
  ["申", "shēn"],
  ["酉", "yǒu"],
  ["戌", "xū"],
  ["亥", "hài"],
] as const;

/**
 * The sexagenary place of the Chinese year that begins in Gregorian `year`:
 * 4 CE (and so 1984) was 甲子, the wood rat. Stems go in pairs through the
 * five elements; odd places are yin, and the animal follows the branch.
 */
export function sexagenary(year: number) {
  const stem = (((year - 4) % 10) + 10) % 10;
  const branch = (((year - 4) % 12) + 12) % 12;
  const cycleYear = ((((year - 4) % 60) + 60) % 60) + 1;
  return {
    stem,
    branch,
    cycleYear,
    animal: CHINESE_ANIMALS[branch] as ChineseAnimal,
    element: CHINESE_ELEMENTS[Math.floor(stem / 2)] as ChineseElement,
    yinYang: (branch % 2 === 0 ? "yang" : "yin") as YinYang,
  };
}

/**
 * A date within 3 days of its sign's edge (spec 2 §9): `startOf` in the
 * first three days of the sign, with the sign before as the neighbour;
 * `endOf` in its last three, with the sign after.
 */
export interface Cusp<S extends string> {
  edge: "startOf" | "endOf";
  neighbour: S;
}
export const CUSP_DAYS = 3;

/** The span of a yearly cycle of signs (each starting on a month-day) that holds `day` ("YYYY-MM-DD"). */
export function signSpan<S extends string>(
  starts: Readonly<Record<S, string>>,
  day: string,
): { sign: S; from: string; to: string; cusp: Cusp<S> | null } {
  const order = (Object.keys(starts) as S[]).sort((a, b) => starts[a].localeCompare(starts[b]));
  const { year } = parseDate(day);
  const monthDay = day.slice(5);
  // The last sign starting on or before the day; before the year's first start, the year's last sign.
  let index = order.length - 1;
  for (let i = 0; i < order.length; i++) if (starts[order[i] as S] <= monthDay) index = i;
  const sign = order[index] as S;
  const startYear = starts[sign] <= monthDay ? year : year - 1;
  const start = `${startYear}-${starts[sign]}`;
  const nextSign = order[(index + 1) % order.length] as S;
  const nextStartYear = starts[nextSign] > starts[sign] ? startYear : startYear + 1;
  const end = addDays(`${nextStartYear}-${starts[nextSign]}`, -1);
  const into = dayNumber(day) - dayNumber(start);
  const left = dayNumber(end) - dayNumber(day);
  const before = order[(index + order.length - 1) % order.length] as S;
  const cusp: Cusp<S> | null =
    into < CUSP_DAYS
      ? { edge: "startOf", neighbour: before }
      : left < CUSP_DAYS
        ? { edge: "endOf", neighbour: nextSign }
        : null;
  return { sign, from: starts[sign], to: end.slice(5), cusp };
}
