import { describe, expect, it } from "vitest";
import { foldText, matchesFilter } from "./person-filter.ts";

const ada = { name: "Ada Lovelace", email: "ada@analytical.org", tags: [{ name: "@math" }, { name: "@friends" }] };
const jose = { name: "José Ёлкин", email: "JOSE@Example.com", tags: [] };

describe("the filter box", () => {
  it("finds everyone when nothing is typed", () => {
    expect(matchesFilter(ada, "")).toBe(true);
    expect(matchesFilter(ada, "   ")).toBe(true);
  });

  it("finds by name, e-mail or tag, in any case", () => {
    expect(matchesFilter(ada, "LOVE")).toBe(true);
    expect(matchesFilter(ada, "analytical.org")).toBe(true);
    expect(matchesFilter(ada, "@math")).toBe(true);
    expect(matchesFilter(ada, "friend")).toBe(true);
    expect(matchesFilter(ada, "grace")).toBe(false);
    expect(matchesFilter(jose, "example.COM")).toBe(true);
  });

  it("needs every word typed, each in any field", () => {
    expect(matchesFilter(ada, "ada @math")).toBe(true);
    expect(matchesFilter(ada, "  lovelace   friends ")).toBe(true);
    expect(matchesFilter(ada, "ada @poetry")).toBe(false);
  });

  it("never matches across two fields", () => {
    // The name ends in 'lovelace', the e-mail starts with 'ada': 'lovelaceada' is in neither.
    expect(matchesFilter(ada, "lovelaceada")).toBe(false);
    expect(matchesFilter(ada, "org@math")).toBe(false);
  });

  it("ignores accents and ё, both ways", () => {
    expect(foldText("José Ёлкин")).toBe("jose елкин");
    expect(matchesFilter(jose, "jose")).toBe(true);
    expect(matchesFilter(jose, "елкин")).toBe(true);
    expect(matchesFilter({ ...jose, name: "Jose Елкин" }, "josé ёлкин")).toBe(true);
  });
});
