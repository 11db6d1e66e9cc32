import { describe, expect, it } from "vitest";
import { FEED_WORDS } from "./feed-words.ts";

describe("the feed's own words", () => {
  it("are written in both languages, each word of one in the other, none left in English", () => {
    expect(Object.keys(FEED_WORDS.ru).sort()).toEqual(Object.keys(FEED_WORDS.en).sort());
    const said = (locale: "en" | "ru") => [
      FEED_WORDS[locale].calendar("Nook"),
      FEED_WORDS[locale].birthday("Ada"),
      FEED_WORDS[locale].due("Taxes"),
      FEED_WORDS[locale].progress(1, 2),
    ];
    expect(said("en")).toEqual([
      "Nook: birthdays, deadlines and events",
      "Ada's birthday",
      "Due: Taxes",
      "1 of 2 done",
    ]);
    expect(said("ru")).toEqual([
      "Nook: дни рождения, сроки и события",
      "День рождения: Ada",
      "Срок: Taxes",
      "Готово 1 из 2",
    ]);
  });
});
