import { describe, expect, it } from "vitest";
import { endOfLocalDay, keepDay, scopeFromSearch } from "./scope.ts";

describe("the entries a link asks for", () => {
  it("reads a person's tags, normalised, each once", () => {
    expect(scopeFromSearch("?tags=%40Ada%2C%40math")).toEqual({ kind: "tags", tags: ["@ada", "@math"] });
    expect(scopeFromSearch("?tags=@ada,,@ADA, ,!secret")).toEqual({ kind: "tags", tags: ["@ada"] });
  });

  it("reads each ?tag= as one tag, a comma in it kept", () => {
    const search = `?${new URLSearchParams([
      ["tag", "@Smith, John"],
      ["tag", "@family"],
    ])}`;
    expect(scopeFromSearch(search)).toEqual({ kind: "tags", tags: ["@smith, john", "@family"] });
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

  it("keeps a page's entries of the day only, and says when the page went past its start", () => {
    const at = (d: number, h: number, m = 0) => ({ date: new Date(2026, 2, d, h, m).toISOString() });
    const page = [at(5, 23, 59), at(5, 12), at(5, 0), at(4, 23, 59), at(1, 9)];
    expect(keepDay(page, "2026-03-05")).toEqual({ entries: page.slice(0, 3), past: true });
    expect(keepDay(page.slice(0, 2), "2026-03-05")).toEqual({ entries: page.slice(0, 2), past: false });
    expect(keepDay([at(4, 8)], "2026-03-05")).toEqual({ entries: [], past: true });
  });
});
