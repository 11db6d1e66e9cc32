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

  it("ends a day at the next midnight in the profile's zone, whatever the browser's", () => {
    expect(endOfLocalDay("2026-12-31", "Asia/Tokyo")).toBe("2026-12-31T15:00:00.000Z");
    expect(endOfLocalDay("2026-03-05", "America/New_York")).toBe("2026-03-06T05:00:00.000Z");
    // New York's clocks go forward on 8 March 2026: the 8th ends at 04:00Z (EDT), the 7th at 05:00Z (EST).
    expect(endOfLocalDay("2026-03-08", "America/New_York")).toBe("2026-03-09T04:00:00.000Z");
    expect(endOfLocalDay("2026-03-07", "America/New_York")).toBe("2026-03-08T05:00:00.000Z");
    expect(endOfLocalDay("2026-02-28", "UTC")).toBe("2026-03-01T00:00:00.000Z");
  });

  it("keeps a page's entries of the day only, and says when the page went past its start", () => {
    // 5 March 2026 in Tokyo (UTC+9) runs from 4 March 15:00Z to 5 March 15:00Z.
    const at = (iso: string) => ({ date: iso });
    const page = [
      at("2026-03-05T14:59:00Z"),
      at("2026-03-05T03:00:00Z"),
      at("2026-03-04T15:00:00Z"),
      at("2026-03-04T14:59:00Z"),
      at("2026-03-01T00:00:00Z"),
    ];
    expect(keepDay(page, "2026-03-05", "Asia/Tokyo")).toEqual({ entries: page.slice(0, 3), past: true });
    expect(keepDay(page.slice(0, 2), "2026-03-05", "Asia/Tokyo")).toEqual({ entries: page.slice(0, 2), past: false });
    expect(keepDay([at("2026-03-04T14:00:00Z")], "2026-03-05", "Asia/Tokyo")).toEqual({ entries: [], past: true });
    // The same page in UTC: the 5th begins at 00:00Z.
    expect(keepDay(page, "2026-03-05", "UTC").entries).toEqual(page.slice(0, 2));
  });
});
