import { describe, expect, it } from "vitest";
import { normalizeTag, normalizeTagName, suggestTags } from "./tags.ts";

describe("tags as typed", () => {
  it("normalises and reads negation", () => {
    expect(normalizeTag("  Morning  Run ")).toEqual({ name: "morning run", not: false });
    expect(normalizeTag("!Sleep")).toEqual({ name: "sleep", not: true });
    expect(normalizeTag("  ")).toBeNull();
    expect(normalizeTag("!")).toBeNull();
    expect(normalizeTag("! Deep  Work")).toEqual({ name: "deep work", not: true });
    expect(normalizeTagName("\tMorning\n Run ")).toBe("morning run");
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
