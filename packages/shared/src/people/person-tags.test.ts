import { describe, expect, it } from "vitest";
import { normalizePersonTag, normalizePersonTags } from "./person-tags.ts";

describe("a person's tags (spec 2 §5)", () => {
  it("lower-cases and adds a leading '@' when missing", () => {
    expect(normalizePersonTag("Ada")).toBe("@ada");
    expect(normalizePersonTag("@Ada")).toBe("@ada");
    expect(normalizePersonTag("  Ada   Lovelace ")).toBe("@ada lovelace");
    expect(normalizePersonTag("@ Bob")).toBe("@bob");
    expect(normalizePersonTag("ÉMILE")).toBe("@émile");
    expect(normalizePersonTag("Аня")).toBe("@аня");
  });

  it("ignores empties: nothing, spaces, a lone '@'", () => {
    for (const empty of ["", "   ", "@", " @ "]) expect(normalizePersonTag(empty)).toBeNull();
  });

  it("never duplicates, keeping the order first typed", () => {
    expect(normalizePersonTags(["Bob", "@bob", "ada", "", "BOB", "@", "Ada "])).toEqual(["@bob", "@ada"]);
  });
});
