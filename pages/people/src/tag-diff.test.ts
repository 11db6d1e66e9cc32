import { describe, expect, it } from "vitest";
import { tagDiff } from "./tag-diff.ts";

const tags = [
  { id: 3, name: "@ada" },
  { id: 7, name: "@math" },
];

describe("the tags' diff for an update", () => {
  it("sends nothing when the tags are unchanged, in any order", () => {
    expect(tagDiff(tags, ["@math", "@ada"])).toEqual({ tagIdsToRemove: [], tagNamesToAdd: [] });
    expect(tagDiff([], [])).toEqual({ tagIdsToRemove: [], tagNamesToAdd: [] });
  });

  it("removes by id and adds by name", () => {
    expect(tagDiff(tags, ["@ada", "@poetry"])).toEqual({ tagIdsToRemove: [7], tagNamesToAdd: ["@poetry"] });
    expect(tagDiff(tags, [])).toEqual({ tagIdsToRemove: [3, 7], tagNamesToAdd: [] });
    expect(tagDiff([], ["@ada", "@math"])).toEqual({ tagIdsToRemove: [], tagNamesToAdd: ["@ada", "@math"] });
  });

  it("adds a name once", () => {
    expect(tagDiff(tags, ["@new", "@new"])).toEqual({ tagIdsToRemove: [3, 7], tagNamesToAdd: ["@new"] });
  });
});
