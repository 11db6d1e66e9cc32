import { describe, expect, it } from "vitest";
import { parseCount } from "./count.ts";

describe("the card count", () => {
  it("takes 1, 2 or 3", () => {
    expect(["1", "2", " 3 ", "03"].map(parseCount)).toEqual([1, 2, 3, 3]);
  });

  it("refuses a missing count and anything outside 1-3", () => {
    for (const bad of ["", "  ", "0", "4", "-1", "1.5", "2e0", "three"]) expect(parseCount(bad)).toBeNull();
  });
});
