import { describe, expect, it } from "vitest";
import { INVISIBLE_OR_BIDI, normalizeTag, normalizeTagName, suggestTags } from "./tags.ts";

describe("tags as typed", () => {
  it("normalises and reads negation", () => {
    expect(normalizeTag("  Morning  Run ")).toEqual({ name: "morning run", not: false });
    expect(normalizeTag("!Sleep")).toEqual({ name: "sleep", not: true });
    expect(normalizeTag("  ")).toBeNull();
    expect(normalizeTag("!")).toBeNull();
    expect(normalizeTag("! Deep  Work")).toEqual({ name: "deep work", not: true });
    expect(normalizeTagName("\tMorning\n Run ")).toBe("morning run");
    // One tag however its accents were typed (NFC): e and a combining acute is "é".
    expect(normalizeTagName("Cafe\u0301")).toBe("caf\u00e9");
  });
  it("knows the characters no tag may hold: invisible and text-direction ones, not an emoji's joiner", () => {
    for (const c of [
      "\u200b",
      "\u200c",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202e",
      "\u2066",
      "\u2069",
      "\u2060",
      "\ufeff",
      "\u00ad",
    ])
      expect([c.codePointAt(0), INVISIBLE_OR_BIDI.test(`a${c}b`)]).toEqual([c.codePointAt(0), true]);
    for (const ok of ["family 👨\u200d👩\u200d👧", "café", "работа", "❤️"])
      expect([ok, INVISIBLE_OR_BIDI.test(ok)]).toEqual([ok, false]);
  });
  it("suggests by lower-cased substring, in the given order, at most 10, without chosen ones", () => {
    const known = ["running", "run", "brunch", "walk", ...Array.from({ length: 20 }, (_, i) => `tag${i}`)];
    expect(suggestTags("RUN", known, [])).toEqual(["running", "run", "brunch"]);
    expect(suggestTags("run", known, ["run"])).toEqual(["running", "brunch"]);
    expect(suggestTags("tag", known, [])).toHaveLength(10);
    expect(suggestTags("!run", known, [], { allowNegation: true })).toEqual(["!running", "!run", "!brunch"]);
    expect(suggestTags("!run", known, [])).toEqual(["running", "run", "brunch"]);
  });
});
