import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checklistLineCount,
  checklistProgress,
  contentProgress,
  EMPTY_CONTENT,
  importChecklist,
  normalizeChecklist,
  overLimit,
  parseChecklist,
  printChecklist,
  progressOf,
} from "./checklist.ts";

const shape = (content: string) => parseChecklist(content).map(({ key: _, ...l }) => l);

describe("checklist markdown", () => {
  it("round-trips canonical content exactly, nested and flat", () => {
    const canonical = [
      "- [ ] pack",
      "  - [x] tent",
      "  - [ ] stove",
      "    - [x] gas",
      "      - [ ] spare gas",
      "- [x] book the train",
      "- [ ]",
      "- [ ] two  inner  spaces kept",
    ].join("\n");
    expect(printChecklist(parseChecklist(canonical))).toBe(canonical);
  });

  it("reads odd input: tabs, * and + bullets, [X], blank lines, trailing spaces, CRLF", () => {
    const odd = "* [X] Done  \r\n\n\t+ [ ] tabbed child\t\n   \n\t\t- [x] grandchild\n-   [ ]   loose   \n";
    expect(shape(odd)).toEqual([
      { text: "Done", completed: true, level: 0 },
      { text: "tabbed child", completed: false, level: 1 },
      { text: "grandchild", completed: true, level: 2 },
      { text: "loose", completed: false, level: 0 },
    ]);
    const printed = normalizeChecklist(odd);
    expect(printed).toBe("- [x] Done\n  - [ ] tabbed child\n    - [x] grandchild\n- [ ] loose");
    // Printing is a fixed point: what the API stores reads back as itself.
    expect(normalizeChecklist(printed)).toBe(printed);
  });

  it("reads lines without a box or a bullet as open tasks, and numbered lists", () => {
    expect(shape("plain line\n- bullet only\n1. first\n2) second\n[x] box only")).toEqual([
      { text: "plain line", completed: false, level: 0 },
      { text: "bullet only", completed: false, level: 0 },
      { text: "first", completed: false, level: 0 },
      { text: "second", completed: false, level: 0 },
      { text: "box only", completed: true, level: 0 },
    ]);
  });

  it("keeps text that only looks like markup", () => {
    expect(shape("- [ ] 3.5 km run\n- [ ] [link](x)\n- [ ] -dash")).toEqual([
      { text: "3.5 km run", completed: false, level: 0 },
      { text: "[link](x)", completed: false, level: 0 },
      { text: "-dash", completed: false, level: 0 },
    ]);
  });

  it("never nests more than one level below the line above", () => {
    expect(
      shape("      - [ ] too deep first\n- [ ] a\n      - [ ] jump\n   - [ ] three spaces").map((l) => l.level),
    ).toEqual([0, 0, 1, 1]);
  });

  it("prints nothing as one empty task, and empty content parses to no lines", () => {
    expect(printChecklist([])).toBe(EMPTY_CONTENT);
    expect(parseChecklist("")).toEqual([]);
    expect(parseChecklist(" \n\t\n")).toEqual([]);
    expect(normalizeChecklist("")).toBe("- [ ]");
    expect(shape(EMPTY_CONTENT)).toEqual([{ text: "", completed: false, level: 0 }]);
  });

  it("gives each line a distinct key", () => {
    const keys = parseChecklist("- [ ] a\n- [ ] a\n- [ ] a").map((l) => l.key);
    expect(new Set(keys).size).toBe(3);
  });
});

describe("progress", () => {
  it("rounds the percent to one decimal", () => {
    expect(progressOf(1, 3)).toEqual({ totalItems: 3, completedItems: 1, percent: 33.3 });
    expect(progressOf(2, 3).percent).toBe(66.7);
    expect(progressOf(1, 8).percent).toBe(12.5);
    expect(progressOf(7, 7).percent).toBe(100);
    expect(progressOf(0, 0).percent).toBe(0);
    expect(progressOf(1, 1000).percent).toBe(0.1);
    expect(progressOf(999, 1000).percent).toBe(99.9);
  });

  it("counts every line with text, nested ones too; empty lines are not items", () => {
    expect(checklistProgress(parseChecklist("- [x] a\n  - [x] b\n  - [ ] c\n- [ ]"))).toEqual({
      totalItems: 3,
      completedItems: 2,
      percent: 66.7,
    });
  });

  it("reads a new checklist as no items, and all ticked with a trailing empty line as done", () => {
    expect(contentProgress(EMPTY_CONTENT)).toEqual({ totalItems: 0, completedItems: 0, percent: 0 });
    expect(contentProgress("- [x] a\n- [x] b\n- [ ]")).toEqual({ totalItems: 2, completedItems: 2, percent: 100 });
    // A ticked empty line is no item either.
    expect(contentProgress("- [x] a\n- [x]\n  - [ ] b")).toEqual({ totalItems: 2, completedItems: 1, percent: 50 });
  });
});

describe("for any checklist", () => {
  // A line's text as the editor can hold it: one line, no edge spaces.
  const text = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, " ").trim());
  const lines = fc
    .array(fc.record({ text, completed: fc.boolean(), step: fc.integer({ min: -3, max: 1 }) }), { maxLength: 12 })
    .map((raw) => {
      let level = -1;
      return raw.map(({ text, completed, step }) => {
        level = Math.max(0, Math.min(level + 1, level + step));
        return { text, completed, level };
      });
    });

  it("parses what it prints back to the same lines", () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const back = parseChecklist(printChecklist(ls)).map(({ key: _, ...l }) => l);
        expect(back).toEqual(ls.length ? ls : [{ text: "", completed: false, level: 0 }]);
      }),
    );
  });

  it("prints any text to a fixed point with counts that match it", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const once = normalizeChecklist(s);
        expect(normalizeChecklist(once)).toBe(once);
        const rows = once.split("\n");
        expect(checklistLineCount(once)).toBe(rows.length);
        expect(checklistProgress(parseChecklist(once)).totalItems).toBe(
          rows.filter((r) => !/^ *- \[[ x]\]$/.test(r)).length,
        );
      }),
    );
  });
});

describe("what the editor and a paste produce", () => {
  const rows = (content: string) => parseChecklist(content).map(({ key: _key, ...line }) => line);

  it("keeps a text that looks like a box or a bullet as text, through a save and a read", () => {
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
    expect(rows("  - [ ] a\n      - [ ] b").map((l) => l.level)).toEqual([0, 1]);
  });

  it("nests by the indentation of the lines above, as markdown does: a line less indented than an over-deep one is its sibling", () => {
    expect(rows("- a\n      - b\n    - c").map((l) => l.level)).toEqual([0, 1, 1]);
    expect(rows("- a\n    - b\n      - c\n  - d\n- e").map((l) => l.level)).toEqual([0, 1, 2, 1, 0]);
  });
});

describe("the limits, measured on the canonical form", () => {
  it("says which limit a content is over", () => {
    expect(overLimit(`- [ ] ${"x".repeat(49_994)}`)).toBeNull();
    expect(overLimit(`- [ ] ${"x".repeat(49_995)}`)).toBe("chars");
    expect(overLimit(Array.from({ length: 2000 }, () => "- [ ] a").join("\n"))).toBeNull();
    expect(overLimit(Array.from({ length: 2001 }, () => "- [ ] a").join("\n"))).toBe("lines");
  });

  it("counts 1,900 plain lines of 47,499 characters as the 58,899 they become", () => {
    const plain = Array.from({ length: 1900 }, (_, i) => `${String(i).padStart(4, "0")} ${"y".repeat(19)}`);
    const typed = plain.join("\n");
    expect(typed.length).toBe(47_499);
    const canonical = normalizeChecklist(typed);
    expect(canonical.length).toBe(58_899);
    expect(overLimit(canonical)).toBe("chars");
  });
});

describe("import", () => {
  const rows = (pasted: string) => {
    const { lines, skipped } = importChecklist(pasted);
    return { lines: lines.map(({ key: _key, ...l }) => l), skipped };
  };

  it("leaves headings and prose out when the paste has list items", () => {
    const pasted = [
      "# Trip to Oslo",
      "",
      "We leave on Monday. Pack light and bring",
      "the documents.",
      "",
      "## Papers",
      "- [ ] Passport",
      "  - [x] Visa",
      "- [ ] Tickets for the",
      "  night train",
      "",
      "Done by Friday.",
    ].join("\n");
    expect(rows(pasted)).toEqual({
      lines: [
        { text: "Passport", completed: false, level: 0 },
        { text: "Visa", completed: true, level: 1 },
        { text: "Tickets for the night train", completed: false, level: 0 },
      ],
      skipped: 5,
    });
  });

  it("reads a paste of plain lines as a plain list, headings still left out", () => {
    expect(rows("Shopping\n=====\nmilk\nbread\n\n# Later\neggs")).toEqual({
      lines: [
        { text: "milk", completed: false, level: 0 },
        { text: "bread", completed: false, level: 0 },
        { text: "eggs", completed: false, level: 0 },
      ],
      skipped: 3,
    });
  });

  it("leaves code, quotes, rules and empty items out", () => {
    expect(rows("> a quote\n```\n- [ ] not a task\n```\n---\n* [X] real\n- [ ]\n1) numbered")).toEqual({
      lines: [
        { text: "real", completed: true, level: 0 },
        { text: "numbered", completed: false, level: 0 },
      ],
      skipped: 5,
    });
  });

  it("imports the spec's task lines as they are", () => {
    expect(rows("- [ ] Passport\n  - [x] Visa\n  * [ ] Photos").lines.map((l) => l.text)).toEqual([
      "Passport",
      "Visa",
      "Photos",
    ]);
  });
});
