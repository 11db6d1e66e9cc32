import { CHINESE_ANIMALS, CHINESE_ELEMENTS } from "@nook/shared/lupileon/signs";
import { describe, expect, it } from "vitest";
import { lore as en } from "./lore.en.ts";
import { lore as ru } from "./lore.ru.ts";

describe.each([
  ["en", en],
  ["ru", ru],
])("the %s lore", (_, lore) => {
  it("names a Chinese year grammatically: every element an adjective and every animal a gender, or none", () => {
    const adjectives = CHINESE_ELEMENTS.filter((e) => lore.elements[e].adjective).length;
    const genders = CHINESE_ANIMALS.filter((a) => lore.chinese[a].gender).length;
    expect([0, CHINESE_ELEMENTS.length]).toContain(adjectives);
    expect(genders).toBe(adjectives ? CHINESE_ANIMALS.length : 0);
  });

  it("has words in every field", () => {
    for (const text of JSON.stringify(lore).matchAll(/"([^"]*)"/g)) expect(text[1]?.trim()).not.toBe("");
    expect(lore.weekdays).toHaveLength(7);
  });
});

it("says «Металлическая Лошадь» and «Водяной Тигр» in Russian", () => {
  const title = (element: "metal" | "water", animal: "horse" | "tiger") => {
    const a = ru.chinese[animal];
    return `${ru.elements[element].adjective?.[a.gender ?? "masculine"]} ${a.name}`;
  };
  expect(title("metal", "horse")).toBe("Металлическая Лошадь");
  expect(title("water", "tiger")).toBe("Водяной Тигр");
});
