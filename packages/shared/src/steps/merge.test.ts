import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeChecklist, parseChecklist, printChecklist } from "./checklist.ts";
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
      notRemoved: [],
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

  it("removals: mine and theirs both go; one I removed that they changed stays, said as not removed", () => {
    const base = list("- [ ] a", "- [ ] b", "- [ ] c");
    expect(mergeChecklist(base, list("- [ ] a", "- [ ] c"), list("- [ ] a", "- [ ] b")).content).toBe(list("- [ ] a"));
    expect(mergeChecklist(base, list("- [ ] a", "- [ ] c"), list("- [ ] a", "- [x] b", "- [ ] c"))).toEqual({
      content: list("- [ ] a", "- [x] b", "- [ ] c"),
      overlapped: [],
      notRemoved: ["b"],
    });
  });

  it("the same line changed on both: mine (the later write) wins and the line is named; the same change is no overlap", () => {
    const base = list("- [ ] milk", "- [ ] oat");
    const mine = list("- [ ] milk", "- [x] oat");
    expect(mergeChecklist(base, mine, mine)).toEqual({ content: mine, overlapped: [], notRemoved: [] });
    // They moved oat in under milk; I ticked it: mine wins whole.
    const theirsMoved = list("- [ ] milk", "  - [ ] oat");
    expect(mergeChecklist(base, mine, theirsMoved)).toEqual({ content: mine, overlapped: ["oat"], notRemoved: [] });
  });

  it("a line I changed that they removed comes back", () => {
    const base = list("- [ ] a", "- [ ] b");
    expect(mergeChecklist(base, list("- [ ] a", "- [x] b"), list("- [ ] a"))).toEqual({
      content: list("- [ ] a", "- [x] b"),
      overlapped: ["b"],
      notRemoved: [],
    });
  });

  it("nothing changed on my side gives theirs; nothing on theirs gives mine", () => {
    const base = list("- [ ] a", "- [ ] a", "- [ ] b");
    const other = list("- [x] a", "- [ ] a", "- [ ] b", "- [ ] c");
    expect(mergeChecklist(base, base, other).content).toBe(other);
    expect(mergeChecklist(base, other, base).content).toBe(other);
  });
});

describe("mergeChecklist: a line's place is a change of its own", () => {
  const base = list("- [ ] eggs", "- [ ] milk", "- [ ] bread", "- [ ] jam");

  it("the phone moves jam to the top offline while the laptop ticks eggs: both kept, nothing to name", () => {
    const phone = list("- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread");
    const laptop = list("- [x] eggs", "- [ ] milk", "- [ ] bread", "- [ ] jam");
    const both = { content: "- [ ] jam\n- [x] eggs\n- [ ] milk\n- [ ] bread", overlapped: [], notRemoved: [] };
    // The phone saves last (mine); and the other way round, the laptop's save meeting the phone's.
    expect(mergeChecklist(base, phone, laptop)).toEqual(both);
    expect(mergeChecklist(base, laptop, phone)).toEqual(both);
  });

  it("a line moved on both: to the same place is no overlap; to different places mine wins, named", () => {
    const top = list("- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread");
    expect(mergeChecklist(base, top, top)).toEqual({ content: top, overlapped: [], notRemoved: [] });
    // They put jam after eggs and added butter at the top: jam is still first of the lines both have.
    expect(
      mergeChecklist(base, top, list("- [ ] butter", "- [ ] eggs", "- [ ] jam", "- [ ] milk", "- [ ] bread")),
    ).toEqual({
      content: list("- [ ] jam", "- [ ] butter", "- [ ] eggs", "- [ ] milk", "- [ ] bread"),
      overlapped: ["jam"],
      notRemoved: [],
    });
    // The same place after lines only one side has: no overlap.
    expect(
      mergeChecklist(base, top, list("- [ ] butter", "- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread")),
    ).toEqual({
      content: list("- [ ] jam", "- [ ] butter", "- [ ] eggs", "- [ ] milk", "- [ ] bread"),
      overlapped: [],
      notRemoved: [],
    });
  });

  it("moves of different lines on both sides are both kept", () => {
    // I move jam to the top; they move eggs to the bottom.
    expect(
      mergeChecklist(
        base,
        list("- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread"),
        list("- [ ] milk", "- [ ] bread", "- [ ] jam", "- [ ] eggs"),
      ),
    ).toEqual({
      content: list("- [ ] jam", "- [ ] milk", "- [ ] bread", "- [ ] eggs"),
      overlapped: [],
      notRemoved: [],
    });
  });

  it("a move and a removal: a line I moved that they removed comes back; one I removed that they moved stays", () => {
    const top = list("- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread");
    const noJam = list("- [ ] eggs", "- [ ] milk", "- [ ] bread");
    expect(mergeChecklist(base, top, noJam)).toEqual({ content: top, overlapped: ["jam"], notRemoved: [] });
    expect(mergeChecklist(base, noJam, top)).toEqual({ content: top, overlapped: [], notRemoved: ["jam"] });
    // A removal of another line: both kept.
    expect(mergeChecklist(base, top, list("- [ ] eggs", "- [ ] bread", "- [ ] jam"))).toEqual({
      content: list("- [ ] jam", "- [ ] eggs", "- [ ] bread"),
      overlapped: [],
      notRemoved: [],
    });
  });

  it("a move and additions: theirs stay where they put them, mine go after the line before them in mine", () => {
    // I move jam to the top and add honey after it; they add butter after eggs and tea at the end.
    expect(
      mergeChecklist(
        base,
        list("- [ ] jam", "- [ ] honey", "- [ ] eggs", "- [ ] milk", "- [ ] bread"),
        list("- [ ] eggs", "- [ ] butter", "- [ ] milk", "- [ ] bread", "- [ ] jam", "- [ ] tea"),
      ),
    ).toEqual({
      content: list("- [ ] jam", "- [ ] honey", "- [ ] eggs", "- [ ] butter", "- [ ] milk", "- [ ] bread", "- [ ] tea"),
      overlapped: [],
      notRemoved: [],
    });
  });

  it("a line moved on one side and ticked on the other: my place, their tick; a line added on both differently: mine, named", () => {
    expect(
      mergeChecklist(
        base,
        list("- [ ] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread"),
        list("- [ ] eggs", "- [ ] milk", "- [ ] bread", "- [x] jam"),
      ).content,
    ).toBe(list("- [x] jam", "- [ ] eggs", "- [ ] milk", "- [ ] bread"));
    expect(
      mergeChecklist(
        base,
        list("- [ ] eggs", "- [x] tea", "- [ ] milk", "- [ ] bread", "- [ ] jam"),
        `${base}\n- [ ] tea`,
      ),
    ).toEqual({
      content: list("- [ ] eggs", "- [x] tea", "- [ ] milk", "- [ ] bread", "- [ ] jam"),
      overlapped: ["tea"],
      notRemoved: [],
    });
  });
});

describe("mergeChecklist: nested lines", () => {
  const base = list("- [ ] groceries", "  - [ ] eggs", "  - [ ] milk", "- [ ] pharmacy", "  - [ ] plasters");

  it("a line moved with the lines under it moves them all; a line they added under it goes with it", () => {
    // I move pharmacy and plasters to the top; they tick eggs and add aspirin under pharmacy.
    const mine = list("- [ ] pharmacy", "  - [ ] plasters", "- [ ] groceries", "  - [ ] eggs", "  - [ ] milk");
    const theirs = list(
      "- [ ] groceries",
      "  - [x] eggs",
      "  - [ ] milk",
      "- [ ] pharmacy",
      "  - [ ] plasters",
      "  - [ ] aspirin",
    );
    expect(mergeChecklist(base, mine, theirs)).toEqual({
      content: list(
        "- [ ] pharmacy",
        "  - [ ] plasters",
        "  - [ ] aspirin",
        "- [ ] groceries",
        "  - [x] eggs",
        "  - [ ] milk",
      ),
      overlapped: [],
      notRemoved: [],
    });
  });

  it("the lines a parent moved past are the ones moved when that is fewer: their line under the parent stays under it", () => {
    // Moving pharmacy (2 lines) above groceries (3) reads as groceries moving down; they add bread under groceries.
    const mine = list("- [ ] pharmacy", "  - [ ] plasters", "- [ ] groceries", "  - [ ] eggs", "  - [ ] milk");
    const theirs = list(
      "- [ ] groceries",
      "  - [ ] eggs",
      "  - [ ] milk",
      "  - [ ] bread",
      "- [ ] pharmacy",
      "  - [ ] plasters",
    );
    expect(mergeChecklist(base, mine, theirs).content).toBe(
      list("- [ ] pharmacy", "  - [ ] plasters", "- [ ] groceries", "  - [ ] eggs", "  - [ ] milk", "  - [ ] bread"),
    );
    // And a block of one moved past a longer one: groceries to the end, past pharmacy, plasters and a line of theirs.
    const base2 = list("- [ ] groceries", "- [ ] pharmacy", "  - [ ] plasters", "  - [ ] soap");
    expect(
      mergeChecklist(
        base2,
        list("- [ ] pharmacy", "  - [ ] plasters", "  - [ ] soap", "- [ ] groceries"),
        list("- [ ] groceries", "- [ ] pharmacy", "  - [ ] plasters", "  - [ ] soap", "  - [ ] aspirin"),
      ).content,
    ).toBe(list("- [ ] pharmacy", "  - [ ] plasters", "  - [ ] soap", "  - [ ] aspirin", "- [ ] groceries"));
  });

  it("a line I add at the margin after a line they added children under goes after those children", () => {
    expect(
      mergeChecklist(
        base,
        list(
          "- [ ] groceries",
          "  - [ ] eggs",
          "  - [ ] milk",
          "- [ ] post office",
          "- [ ] pharmacy",
          "  - [ ] plasters",
        ),
        list("- [ ] groceries", "  - [ ] eggs", "  - [ ] milk", "  - [ ] oats", "- [ ] pharmacy", "  - [ ] plasters"),
      ).content,
    ).toBe(
      list(
        "- [ ] groceries",
        "  - [ ] eggs",
        "  - [ ] milk",
        "  - [ ] oats",
        "- [ ] post office",
        "- [ ] pharmacy",
        "  - [ ] plasters",
      ),
    );
  });

  it("a child moved to another parent keeps its depth there; their tick of it stays", () => {
    const mine = list("- [ ] groceries", "  - [ ] eggs", "- [ ] pharmacy", "  - [ ] plasters", "  - [ ] milk");
    const theirs = list("- [ ] groceries", "  - [ ] eggs", "  - [x] milk", "- [ ] pharmacy", "  - [ ] plasters");
    expect(mergeChecklist(base, mine, theirs)).toEqual({
      content: list("- [ ] groceries", "  - [ ] eggs", "- [ ] pharmacy", "  - [ ] plasters", "  - [x] milk"),
      overlapped: [],
      notRemoved: [],
    });
  });
});

describe("mergeChecklist: properties", () => {
  type Line = { text: string; completed: boolean; level: number };
  type Op = {
    kind: "tick" | "depth" | "move" | "remove" | "add";
    pick: number;
    to: number;
    level: number;
    completed: boolean;
  };
  const opArb: fc.Arbitrary<Op> = fc.record({
    kind: fc.constantFrom("tick", "depth", "move", "remove", "add"),
    pick: fc.nat(),
    to: fc.nat(),
    level: fc.nat(2),
    completed: fc.boolean(),
  });
  /** A canonical checklist of distinct texts b0, b1, …, and which of its lines each side may change (true: mine). */
  const baseArb = fc
    .array(fc.record({ completed: fc.boolean(), level: fc.nat(2), mine: fc.boolean() }), { minLength: 1, maxLength: 9 })
    .map((rows) => ({
      content: normalizeChecklist(
        printChecklist(rows.map((r, i) => ({ text: `b${i}`, completed: r.completed, level: r.level }))),
      ),
      mine: new Set(rows.flatMap((r, i) => (r.mine ? [`b${i}`] : []))),
    }));
  const linesOf = (content: string): Line[] => parseChecklist(content).map(({ key: _key, ...line }) => line);
  const canonical = (lines: Line[]) => normalizeChecklist(printChecklist(lines));

  /** Applies `ops` to the lines `owns` allows (and the side's own additions, named with `prefix`). */
  function edit(content: string, ops: Op[], owns: (text: string) => boolean, prefix: string): string {
    const lines = linesOf(content);
    let added = 0;
    for (const op of ops) {
      if (op.kind === "add") {
        lines.splice(op.to % (lines.length + 1), 0, {
          text: `${prefix}${added++}`,
          completed: op.completed,
          level: op.level,
        });
        continue;
      }
      const owned = lines.flatMap((l, i) => (owns(l.text) || l.text.startsWith(prefix) ? [i] : []));
      if (!owned.length) continue;
      const i = owned[op.pick % owned.length] as number;
      const line = lines[i] as Line;
      if (op.kind === "tick") line.completed = !line.completed;
      else if (op.kind === "depth") line.level = op.level;
      else if (op.kind === "remove") lines.splice(i, 1);
      else {
        lines.splice(i, 1);
        lines.splice(op.to % (lines.length + 1), 0, line);
      }
    }
    return canonical(lines);
  }
  /** The given lines ticked or unticked. */
  const ticked = (content: string, toggle: (text: string) => boolean) =>
    canonical(linesOf(content).map((l) => (toggle(l.text) ? { ...l, completed: !l.completed } : l)));
  /** Whether the lines `which` picks have the same tick and depth in both (a side's edits can re-nest others). */
  const untouched = (a: string, b: string, which: (text: string) => boolean) => {
    const inB = new Map(linesOf(b).map((l) => [l.text, l]));
    return linesOf(a)
      .filter((l) => which(l.text))
      .every((l) => inB.get(l.text)?.completed === l.completed && inB.get(l.text)?.level === l.level);
  };

  it("no change on one side gives the other's; the same changes on both give them, with nothing named", () => {
    fc.assert(
      fc.property(baseArb, fc.array(opArb, { maxLength: 8 }), ({ content: base }, ops) => {
        const other = edit(base, ops, () => true, "n");
        const alone = { content: other, overlapped: [], notRemoved: [] };
        expect(mergeChecklist(base, base, other)).toEqual(alone);
        expect(mergeChecklist(base, other, base)).toEqual(alone);
        expect(mergeChecklist(base, other, other)).toEqual(alone);
      }),
      { numRuns: 300 },
    );
  });

  it("any edits on both: every line both kept is there once, and no line neither has; canonical out", () => {
    fc.assert(
      fc.property(
        baseArb,
        fc.array(opArb, { maxLength: 8 }),
        fc.array(opArb, { maxLength: 8 }),
        ({ content: base }, myOps, theirOps) => {
          const mine = edit(base, myOps, () => true, "m");
          const theirs = edit(base, theirOps, () => true, "t");
          const { content } = mergeChecklist(base, mine, theirs);
          expect(normalizeChecklist(content)).toBe(content);
          // (Everything removed leaves the empty checklist's one empty line.)
          const texts = (c: string) => linesOf(c).flatMap((l) => (l.text ? [l.text] : []));
          const merged = texts(content);
          expect(new Set(merged).size).toBe(merged.length);
          const either = new Set([...texts(mine), ...texts(theirs)]);
          expect(merged.filter((text) => !either.has(text))).toEqual([]);
          const inTheirs = new Set(texts(theirs));
          expect(texts(mine).filter((text) => inTheirs.has(text) && !merged.includes(text))).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("my moves, additions, removals and changes of my lines, their ticks of others: every change of both is kept", () => {
    fc.assert(
      fc.property(
        baseArb,
        fc.array(opArb, { maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        ({ content: base, mine: owned }, ops, ticks) => {
          const theirTick = (text: string) =>
            text.startsWith("b") && !owned.has(text) && ticks[Number(text.slice(1))] === true;
          const mine = edit(base, ops, (text) => owned.has(text), "m");
          fc.pre(untouched(base, mine, (text) => !owned.has(text)));
          const theirs = ticked(base, theirTick);
          expect(mergeChecklist(base, mine, theirs)).toEqual({
            content: ticked(mine, theirTick),
            overlapped: [],
            notRemoved: [],
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it("their moves, additions, removals and changes of their lines, my ticks of others: every change of both is kept", () => {
    fc.assert(
      fc.property(
        baseArb,
        fc.array(opArb, { maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
        ({ content: base, mine: mineOwned }, ops, ticks) => {
          const myTick = (text: string) => mineOwned.has(text) && ticks[Number(text.slice(1))] === true;
          const theirs = edit(base, ops, (text) => !mineOwned.has(text), "t");
          fc.pre(untouched(base, theirs, (text) => mineOwned.has(text)));
          expect(mergeChecklist(base, ticked(base, myTick), theirs)).toEqual({
            content: ticked(theirs, myTick),
            overlapped: [],
            notRemoved: [],
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
