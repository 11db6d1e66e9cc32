import { describe, expect, it } from "vitest";
import { mergeChecklist } from "./merge.ts";

const list = (...lines: string[]) => lines.join("\n");

describe("mergeChecklist: both devices' changes kept", () => {
  it("a tick on one device and a line added on the other both survive", () => {
    const base = list("- [ ] milk", "- [ ] bread");
    const phone = list("- [x] milk", "- [ ] bread");
    const laptop = list("- [ ] milk", "- [ ] bread", "- [ ] passport");
    expect(mergeChecklist(base, phone, laptop)).toEqual({
      content: list("- [x] milk", "- [ ] bread", "- [ ] passport"),
      overlapped: [],
    });
  });

  it("my added line goes after the line before it in mine; theirs stay where they put them", () => {
    const base = list("- [ ] a", "- [ ] b", "- [ ] c");
    const mine = list("- [ ] a", "- [ ] mine after a", "- [ ] b", "- [ ] c");
    const theirs = list("- [ ] theirs first", "- [ ] a", "- [ ] b", "- [ ] c");
    expect(mergeChecklist(base, mine, theirs).content).toBe(
      list("- [ ] theirs first", "- [ ] a", "- [ ] mine after a", "- [ ] b", "- [ ] c"),
    );
    // Added at the very top, with nothing before it: the top.
    expect(mergeChecklist(base, list("- [ ] top", "- [ ] a", "- [ ] b", "- [ ] c"), base).content).toBe(
      list("- [ ] top", "- [ ] a", "- [ ] b", "- [ ] c"),
    );
  });

  it("removals: mine and theirs both go; one I removed that they changed stays, said", () => {
    const base = list("- [ ] a", "- [ ] b", "- [ ] c");
    expect(mergeChecklist(base, list("- [ ] a", "- [ ] c"), list("- [ ] a", "- [ ] b")).content).toBe(list("- [ ] a"));
    expect(mergeChecklist(base, list("- [ ] a", "- [ ] c"), list("- [ ] a", "- [x] b", "- [ ] c"))).toEqual({
      content: list("- [ ] a", "- [x] b", "- [ ] c"),
      overlapped: ["b"],
    });
  });

  it("the same line changed on both: mine (the later write) wins and the line is named; the same change is no overlap", () => {
    const base = list("- [ ] milk", "- [ ] oat");
    const mine = list("- [ ] milk", "- [x] oat");
    expect(mergeChecklist(base, mine, mine)).toEqual({ content: mine, overlapped: [] });
    // They moved oat in under milk; I ticked it: mine wins whole.
    const theirsMoved = list("- [ ] milk", "  - [ ] oat");
    expect(mergeChecklist(base, mine, theirsMoved)).toEqual({ content: mine, overlapped: ["oat"] });
  });

  it("a line I changed that they removed comes back", () => {
    const base = list("- [ ] a", "- [ ] b");
    expect(mergeChecklist(base, list("- [ ] a", "- [x] b"), list("- [ ] a"))).toEqual({
      content: list("- [ ] a", "- [x] b"),
      overlapped: ["b"],
    });
  });

  it("nothing changed on my side gives theirs; nothing on theirs gives mine", () => {
    const base = list("- [ ] a", "- [ ] a", "- [ ] b");
    const other = list("- [x] a", "- [ ] a", "- [ ] b", "- [ ] c");
    expect(mergeChecklist(base, base, other).content).toBe(other);
    expect(mergeChecklist(base, other, base).content).toBe(other);
  });
});
