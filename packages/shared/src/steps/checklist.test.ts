import { describe, expect, it } from "vitest";
import { checklistProgress, EMPTY_CONTENT, normalizeChecklist, parseChecklist, printChecklist } from "./checklist.ts";

const rows = (content: string) => parseChecklist(content).map(({ key: _key, ...line }) => line);

describe("checklist markdown", () => {
  it("prints what it reads, 2 spaces a level", () => {
    const canonical = "- [ ] a\n  - [x] b\n    - [ ] c\n- [x]";
    expect(printChecklist(parseChecklist(canonical))).toBe(canonical);
    expect(rows(canonical).map((l) => l.level)).toEqual([0, 1, 2, 0]);
  });

  it("prints no lines as one empty task", () => {
    expect(printChecklist([])).toBe(EMPTY_CONTENT);
    expect(normalizeChecklist("")).toBe(EMPTY_CONTENT);
    expect(rows(EMPTY_CONTENT)).toEqual([{ text: "", completed: false, level: 0 }]);
  });

  it("keeps a text that looks like a box or a bullet as text, through a save and a read", () => {
    // What the editor lets one type after the box must come back the same.
    for (const text of ["[x] done?", "- [ ] nested?", "[ ]", "1. first", "* star"]) {
      const lines = [{ text, completed: false, level: 0 }];
      expect(rows(printChecklist(lines))).toEqual(lines);
    }
  });

  it("reads pasted markdown forgivingly", () => {
    expect(rows("* [X] one\n\n+ two\n1. [x] three\n  2) four\r\n\tfive")).toEqual([
      { text: "one", completed: true, level: 0 },
      { text: "two", completed: false, level: 0 },
      { text: "three", completed: true, level: 0 },
      { text: "four", completed: false, level: 1 },
      { text: "five", completed: false, level: 1 },
    ]);
    // Never deeper than one level below the line above, and never indented at the top.
    expect(rows("  - [ ] a\n      - [ ] b").map((l) => l.level)).toEqual([0, 1]);
  });

  it("counts every line as an item, the percent to one decimal", () => {
    expect(checklistProgress(parseChecklist("- [x] a\n- [ ] b\n  - [ ] c"))).toEqual({
      totalItems: 3,
      completedItems: 1,
      percent: 33.3,
    });
    expect(checklistProgress(parseChecklist("- [x] a\n- [x] b\n- [ ] c")).percent).toBe(66.7);
  });
});
