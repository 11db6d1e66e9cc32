import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChecklistLine, lineKey, parseChecklist, printChecklist } from "./checklist.ts";
import {
  canIndent,
  canOutdent,
  editorLines,
  emptyHistory,
  HISTORY_MAX,
  indent,
  mergeUp,
  neighbour,
  outdent,
  record,
  redo,
  removeLine,
  setText,
  splitLine,
  subtreeEnd,
  toggle,
  undo,
} from "./editor.ts";

/** Lines from an outline: two spaces a level, "x " for a ticked line. */
function outline(...rows: string[]): ChecklistLine[] {
  return rows.map((row) => {
    const level = (row.length - row.trimStart().length) / 2;
    const body = row.trimStart();
    const completed = body.startsWith("x ");
    return { key: lineKey(), text: completed ? body.slice(2) : body, completed, level };
  });
}
/** The outline of some lines, as outline() takes it. */
const shape = (lines: readonly ChecklistLine[]) =>
  lines.map((l) => `${"  ".repeat(l.level)}${l.completed ? "x " : ""}${l.text}`);
/** The index of the line a focus names. */
const focused = (lines: readonly ChecklistLine[], focus: { key: string }) =>
  lines.findIndex((l) => l.key === focus.key);

describe("the editor's lines", () => {
  it("start from the content, with one empty line for none", () => {
    expect(shape(editorLines("- [ ] a\n  - [x] b"))).toEqual(["a", "  x b"]);
    expect(shape(editorLines("- [ ]"))).toEqual([""]);
    expect(shape(editorLines(""))).toEqual([""]);
    expect(shape(editorLines("\n  \n"))).toEqual([""]);
  });

  it("know where a line's children end", () => {
    const lines = outline("a", "  b", "    c", "  d", "e");
    expect(subtreeEnd(lines, 0)).toBe(4);
    expect(subtreeEnd(lines, 1)).toBe(3);
    expect(subtreeEnd(lines, 2)).toBe(3);
    expect(subtreeEnd(lines, 4)).toBe(5);
  });

  it("change one line's text or tick, and nothing else", () => {
    const lines = outline("a", "  b");
    expect(shape(setText(lines, 1, "bee"))).toEqual(["a", "  bee"]);
    expect(shape(toggle(lines, 0))).toEqual(["x a", "  b"]);
    expect(shape(toggle(toggle(lines, 1), 1))).toEqual(["a", "  b"]);
    expect(setText(lines, 1, "bee")[0]).toBe(lines[0]);
    // Keys stay: React keeps each line's input.
    expect(toggle(lines, 0).map((l) => l.key)).toEqual(lines.map((l) => l.key));
    expect(shape(lines)).toEqual(["a", "  b"]);
  });
});

describe("Enter", () => {
  it("at the end adds an empty open line below, at the same level, and moves there", () => {
    const lines = outline("a", "  x b", "c");
    const { lines: out, focus } = splitLine(lines, 1, 1);
    expect(shape(out)).toEqual(["a", "  x b", "  ", "c"]);
    expect(focused(out, focus)).toBe(2);
    expect(focus.caret).toBe(0);
  });

  it("in the middle carries the rest of the text to the new line", () => {
    const { lines, focus } = splitLine(outline("x buy milk"), 0, 3);
    // The tick stays with the first part; the rest is a new open line (the space is trimmed on saving).
    expect(shape(lines)).toEqual(["x buy", " milk"]);
    expect(focused(lines, focus)).toBe(1);
  });

  it("at the start leaves an empty line above the text", () => {
    const { lines, focus } = splitLine(outline("a"), 0, 0);
    expect(shape(lines)).toEqual(["", "a"]);
    expect(focused(lines, focus)).toBe(1);
  });

  it("keeps a caret past the text at the end", () => {
    expect(shape(splitLine(outline("ab"), 0, 99).lines)).toEqual(["ab", ""]);
    expect(shape(splitLine(outline("ab"), 0, -3).lines)).toEqual(["", "ab"]);
  });
});

describe("Tab and Shift-Tab", () => {
  it("cannot indent the first line", () => {
    const lines = outline("a", "b");
    expect(canIndent(lines, 0)).toBe(false);
    expect(indent(lines, 0, 0)).toBeNull();
  });

  it("indent at most one level deeper than the line above", () => {
    const lines = outline("a", "b");
    const once = indent(lines, 1, 1);
    expect(shape(once?.lines ?? [])).toEqual(["a", "  b"]);
    expect(once?.focus).toEqual({ key: lines[1]?.key, caret: 1 });
    expect(indent(once?.lines ?? [], 1, 1)).toBeNull();
  });

  it("carry a line's children along", () => {
    const lines = outline("a", "b", "  c", "    d", "e");
    expect(shape(indent(lines, 1, 0)?.lines ?? [])).toEqual(["a", "  b", "    c", "      d", "e"]);
    const lifted = outline("a", "  b", "    c", "    d", "  e");
    expect(shape(outdent(lifted, 1, 0)?.lines ?? [])).toEqual(["a", "b", "  c", "  d", "  e"]);
  });

  it("cannot outdent a line at the margin", () => {
    const lines = outline("a", "  b");
    expect(canOutdent(lines, 0)).toBe(false);
    expect(outdent(lines, 0, 0)).toBeNull();
    expect(canOutdent(lines, 1)).toBe(true);
    expect(shape(outdent(lines, 1, 0)?.lines ?? [])).toEqual(["a", "b"]);
  });

  it("indent a margin line below a nested one by one level only", () => {
    // 'c' below a nested 'b': Tab makes it b's sibling; a second Tab would make it b's child.
    const lines = outline("a", "  b", "c");
    expect(shape(indent(lines, 2, 0)?.lines ?? [])).toEqual(["a", "  b", "  c"]);
  });
});

describe("Backspace on an empty line", () => {
  it("removes it and goes to the end of the line above", () => {
    const lines = outline("a", "abc", "", "d");
    const { lines: out, focus } = removeLine(lines, 2);
    expect(shape(out)).toEqual(["a", "abc", "d"]);
    expect(focus).toEqual({ key: lines[1]?.key, caret: 3 });
  });

  it("on the first line goes to the line below", () => {
    const lines = outline("", "b");
    const { lines: out, focus } = removeLine(lines, 0);
    expect(shape(out)).toEqual(["b"]);
    expect(focus).toEqual({ key: lines[1]?.key, caret: 0 });
  });

  it("lifts the removed line's children a level, so none is two levels deeper than the line above", () => {
    expect(shape(removeLine(outline("a", "  ", "    c", "      d", "  e"), 1).lines)).toEqual([
      "a",
      "  c",
      "    d",
      "  e",
    ]);
    expect(shape(removeLine(outline("", "  b", "  c"), 0).lines)).toEqual(["b", "c"]);
  });

  it("on the only line keeps one empty, open line at the margin", () => {
    const lines = outline("x ");
    const { lines: out, focus } = removeLine(lines, 0);
    expect(shape(out)).toEqual([""]);
    expect(out[0]?.key).toBe(lines[0]?.key);
    expect(focus).toEqual({ key: lines[0]?.key, caret: 0 });
  });
});

describe("Backspace at the start of a line with text", () => {
  it("joins the text to the end of the line above, the caret at the join", () => {
    const lines = outline("x Pass", "port", "Visa");
    const edit = mergeUp(lines, 1);
    expect(shape(edit?.lines ?? [])).toEqual(["x Passport", "Visa"]);
    expect(edit?.focus).toEqual({ key: lines[0]?.key, caret: 4 });
  });

  it("does nothing on the first line", () => {
    expect(mergeUp(outline("a", "b"), 0)).toBeNull();
  });

  it("keeps the line's children under the joined line, lifted only as far as needed", () => {
    // Into its parent: the children were two levels below it, now one.
    expect(shape(mergeUp(outline("a", "  b", "    c", "      d", "  e"), 1)?.lines ?? [])).toEqual([
      "ab",
      "  c",
      "    d",
      "  e",
    ]);
    // Into a sibling's last child: nothing moves.
    expect(shape(mergeUp(outline("a", "  b", "c", "  d"), 2)?.lines ?? [])).toEqual(["a", "  bc", "  d"]);
  });
});

describe("undo and redo", () => {
  const snap = (lines: ChecklistLine[]) => ({ lines, focus: null });

  it("go back and forth through changes, typing on one line being one step", () => {
    const a = outline("a");
    const b = outline("ab");
    const c = outline("abc");
    const d = outline("abc", "");
    let h = record(emptyHistory(), snap(a), a[0]?.key ?? "");
    h = record(h, snap(b), a[0]?.key ?? "");
    h = record(h, snap(c));
    expect(h.past.map((s) => shape(s.lines))).toEqual([["a"], ["abc"]]);
    const back = undo(h, snap(d));
    expect(back && shape(back.to.lines)).toEqual(["abc"]);
    const back2 = back && undo(back.history, back.to);
    expect(back2 && shape(back2.to.lines)).toEqual(["a"]);
    expect(back2 && undo(back2.history, back2.to)).toBeNull();
    const again = back2 && redo(back2.history, back2.to);
    expect(again && shape(again.to.lines)).toEqual(["abc"]);
    const again2 = again && redo(again.history, again.to);
    expect(again2 && shape(again2.to.lines)).toEqual(["abc", ""]);
    expect(again2 && redo(again2.history, again2.to)).toBeNull();
  });

  it("forgets redo after a new change, and keeps at most HISTORY_MAX steps", () => {
    let h = emptyHistory();
    for (let i = 0; i < HISTORY_MAX + 5; i++) h = record(h, snap(outline(String(i))));
    expect(h.past).toHaveLength(HISTORY_MAX);
    const back = undo(h, snap(outline("now")));
    expect(back?.history.future).toHaveLength(1);
    expect(back && record(back.history, snap(outline("x"))).future).toEqual([]);
  });
});

describe("arrows", () => {
  it("move to the line above or below, keeping the caret where the text allows", () => {
    const lines = outline("a", "  bcdef", "gh");
    expect(neighbour(lines, 1, -1, 4)).toEqual({ key: lines[0]?.key, caret: 1 });
    expect(neighbour(lines, 1, 1, 4)).toEqual({ key: lines[2]?.key, caret: 2 });
    expect(neighbour(lines, 0, 1, 0)).toEqual({ key: lines[1]?.key, caret: 0 });
  });

  it("stop at the first and last line", () => {
    const lines = outline("a", "b");
    expect(neighbour(lines, 0, -1, 0)).toBeNull();
    expect(neighbour(lines, 1, 1, 0)).toBeNull();
  });
});

describe("any sequence of edits", () => {
  const op = fc.oneof(
    fc.record({ kind: fc.constant("enter" as const), at: fc.nat(), caret: fc.nat(6) }),
    fc.record({ kind: fc.constant("tab" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("shift-tab" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("backspace" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("toggle" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("merge" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("type" as const), at: fc.nat(), text: fc.stringMatching(/^[a-z0-9]{0,5}$/) }),
  );

  it("keeps every line at most one level below the line above, and survives saving and reading back", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let lines = editorLines("- [ ]");
        for (const o of ops) {
          const at = o.at % lines.length;
          if (o.kind === "enter") lines = splitLine(lines, at, o.caret).lines;
          else if (o.kind === "tab") lines = indent(lines, at, 0)?.lines ?? lines;
          else if (o.kind === "shift-tab") lines = outdent(lines, at, 0)?.lines ?? lines;
          else if (o.kind === "backspace") lines = removeLine(lines, at).lines;
          else if (o.kind === "toggle") lines = toggle(lines, at);
          else if (o.kind === "merge") lines = mergeUp(lines, at)?.lines ?? lines;
          else lines = setText(lines, at, o.text);
          expect(lines.length).toBeGreaterThan(0);
          lines.forEach((l, i) => {
            expect(l.level).toBeLessThanOrEqual(i === 0 ? 0 : (lines[i - 1]?.level ?? 0) + 1);
            expect(l.level).toBeGreaterThanOrEqual(0);
          });
        }
        expect(shape(parseChecklist(printChecklist(lines)))).toEqual(shape(lines));
        expect(new Set(lines.map((l) => l.key)).size).toBe(lines.length);
      }),
    );
  });
});
