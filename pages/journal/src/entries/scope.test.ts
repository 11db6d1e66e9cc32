import { describe, expect, it } from "vitest";
import { endOfLocalDay, scopeFromSearch } from "./scope.ts";

describe("the entries a link asks for", () => {
  it("reads a person's tags, normalised, each once", () => {
    expect(scopeFromSearch("?tags=%40Ada%2C%40math")).toEqual({ kind: "tags", tags: ["@ada", "@math"] });
    expect(scopeFromSearch("?tags=@ada,,@ADA, ,!secret")).toEqual({ kind: "tags", tags: ["@ada"] });
  });

  it("reads a day, and ignores what is not one", () => {
    expect(scopeFromSearch("?day=2026-03-05")).toEqual({ kind: "day", day: "2026-03-05" });
    expect(scopeFromSearch("?day=2026-02-30")).toBeNull();
    expect(scopeFromSearch("?tags=")).toBeNull();
    expect(scopeFromSearch("")).toBeNull();
  });

  it("ends a day at the next local midnight", () => {
    expect(new Date(endOfLocalDay("2026-12-31")).getFullYear()).toBe(2027);
    expect(new Date(endOfLocalDay("2026-03-05")).getDate()).toBe(6);
    expect(new Date(endOfLocalDay("2026-03-05")).getHours()).toBe(0);
  });
});
