import { describe, expect, it } from "vitest";
import { addDays } from "../common/calendar-date.ts";
import {
  CELTIC_STARTS,
  CELTIC_TREES,
  CHINESE_ANIMALS,
  CHINESE_ELEMENTS,
  SIDEREAL_STARTS,
  sexagenary,
  signSpan,
  TROPICAL_STARTS,
  WESTERN_SIGNS,
} from "./signs.ts";

// Each sign's span written out by hand (a common year), so the tables are checked against a second account of them.
const TROPICAL_SPANS = {
  aries: ["03-21", "04-19"],
  taurus: ["04-20", "05-20"],
  gemini: ["05-21", "06-20"],
  cancer: ["06-21", "07-22"],
  leo: ["07-23", "08-22"],
  virgo: ["08-23", "09-22"],
  libra: ["09-23", "10-22"],
  scorpio: ["10-23", "11-21"],
  sagittarius: ["11-22", "12-21"],
  capricorn: ["12-22", "01-19"],
  aquarius: ["01-20", "02-18"],
  pisces: ["02-19", "03-20"],
};
const SIDEREAL_SPANS = {
  aries: ["04-14", "05-14"],
  taurus: ["05-15", "06-14"],
  gemini: ["06-15", "07-15"],
  cancer: ["07-16", "08-16"],
  leo: ["08-17", "09-16"],
  virgo: ["09-17", "10-16"],
  libra: ["10-17", "11-15"],
  scorpio: ["11-16", "12-15"],
  sagittarius: ["12-16", "01-13"],
  capricorn: ["01-14", "02-12"],
  aquarius: ["02-13", "03-14"],
  pisces: ["03-15", "04-13"],
};
// Spec 2 §9: birch from 24 Dec, then 21 Jan, 18 Feb, 18 Mar, 15 Apr, 13 May, 10 Jun, 8 Jul, 5 Aug, 2 Sep, 30 Sep, 28 Oct, 25 Nov.
const CELTIC_SPANS = {
  birch: ["12-24", "01-20"],
  rowan: ["01-21", "02-17"],
  ash: ["02-18", "03-17"],
  alder: ["03-18", "04-14"],
  willow: ["04-15", "05-12"],
  hawthorn: ["05-13", "06-09"],
  oak: ["06-10", "07-07"],
  holly: ["07-08", "08-04"],
  hazel: ["08-05", "09-01"],
  vine: ["09-02", "09-29"],
  ivy: ["09-30", "10-27"],
  reed: ["10-28", "11-24"],
  elder: ["11-25", "12-23"],
};

const cases = [
  ["tropical", TROPICAL_STARTS, TROPICAL_SPANS, WESTERN_SIGNS],
  ["sidereal", SIDEREAL_STARTS, SIDEREAL_SPANS, WESTERN_SIGNS],
  ["celtic", CELTIC_STARTS, CELTIC_SPANS, CELTIC_TREES],
] as const;

describe.each(cases)("%s signs", (_, table, spans, order) => {
  // The three tables differ in their keys; the test reads them all as sign → "MM-DD".
  const starts = table as Readonly<Record<string, string>>;
  const entries = Object.entries(spans) as [string, [string, string]][];

  it("hold every day of the year in the written spans, in the order of the year", () => {
    for (const [sign, [from, to]] of entries) {
      const year = from > to ? 2022 : 2023; // a span over New Year starts in the year before
      for (let day = `${year}-${from}`; day <= `${from > to ? 2023 : year}-${to}`; day = addDays(day, 1))
        expect(signSpan(starts, day), day).toMatchObject({ sign, from, to });
    }
    expect(entries.map(([sign]) => sign)).toEqual([...order]);
  });

  describe.each(entries)("the edge into %s", (sign, [from]) => {
    const index = order.indexOf(sign as never);
    const before = order[(index + order.length - 1) % order.length];
    const first = `2023-${from}`;
    const at = (offset: number) => signSpan(starts, addDays(first, offset));

    it("the last three days of the sign before are its end, next to this one", () => {
      for (const offset of [-3, -2, -1])
        expect(at(offset)).toMatchObject({ sign: before, cusp: { edge: "endOf", neighbour: sign } });
      expect(at(-4)).toMatchObject({ sign: before, cusp: null });
    });

    it("the first three days of this sign are its start, next to the one before", () => {
      for (const offset of [0, 1, 2])
        expect(at(offset)).toMatchObject({ sign, cusp: { edge: "startOf", neighbour: before } });
      expect(at(3)).toMatchObject({ sign, cusp: null });
    });
  });
});

it("a leap day is Pisces (tropical), Aquarius (sidereal) and Ash", () => {
  expect(signSpan(TROPICAL_STARTS, "2024-02-29")).toMatchObject({ sign: "pisces", cusp: null });
  // Sidereal Aquarius runs to 14 March: in a leap year it is a day longer.
  expect(signSpan(SIDEREAL_STARTS, "2024-02-29")).toMatchObject({ sign: "aquarius", to: "03-14", cusp: null });
  expect(signSpan(CELTIC_STARTS, "2024-02-29")).toMatchObject({ sign: "ash", cusp: null });
});

describe("the Chinese sexagenary cycle", () => {
  it("gives every animal with every element once in 60 years, yang animals with yang stems", () => {
    const seen = new Set<string>();
    for (let year = 1984; year < 1984 + 60; year++) {
      const s = sexagenary(year);
      seen.add(`${s.element} ${s.animal}`);
      expect(s.cycleYear).toBe(year - 1983);
      expect(s.yinYang).toBe(s.stem % 2 === 0 ? "yang" : "yin");
    }
    expect(seen.size).toBe(60);
    for (const animal of CHINESE_ANIMALS)
      for (const element of CHINESE_ELEMENTS) expect(seen.has(`${element} ${animal}`)).toBe(true);
  });

  it("names the years as the almanacs do", () => {
    // 1924 甲子 wood rat, 1966 丙午 fire horse, 1990 庚午 metal horse, 2000 庚辰 metal dragon, 2024 甲辰 wood dragon, 2026 丙午 fire horse.
    expect(sexagenary(1924)).toMatchObject({ animal: "rat", element: "wood", stem: 0, branch: 0, yinYang: "yang" });
    expect(sexagenary(1966)).toMatchObject({ animal: "horse", element: "fire", stem: 2, branch: 6 });
    expect(sexagenary(1990)).toMatchObject({ animal: "horse", element: "metal", stem: 6, branch: 6 });
    expect(sexagenary(1985)).toMatchObject({ animal: "ox", element: "wood", yinYang: "yin", cycleYear: 2 });
    expect(sexagenary(2000)).toMatchObject({ animal: "dragon", element: "metal" });
    expect(sexagenary(2024)).toMatchObject({ animal: "dragon", element: "wood", cycleYear: 41 });
    expect(sexagenary(2026)).toMatchObject({ animal: "horse", element: "fire" });
    expect(sexagenary(2043)).toMatchObject({ animal: "pig", element: "water", cycleYear: 60, yinYang: "yin" });
  });
});
