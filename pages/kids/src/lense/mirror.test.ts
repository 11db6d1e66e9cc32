import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampLine,
  columnAt,
  containedBox,
  fitWithin,
  imageType,
  MAX_SIDE,
  middleLine,
  mirrorPlan,
  type Side,
  sourceColumn,
} from "./mirror.ts";

const columns = (width: number, line: number, keep: Side) => {
  const plan = mirrorPlan(width, line, keep);
  return Array.from({ length: plan.width }, (_, c) => sourceColumn(plan, c));
};

describe("the mirror: which picture column each result column shows", () => {
  it("keeping the left: the part left of the line, then its reflection", () => {
    expect(columns(10, 4, "left")).toEqual([0, 1, 2, 3, 3, 2, 1, 0]);
    expect(columns(10, 5, "left")).toEqual([0, 1, 2, 3, 4, 4, 3, 2, 1, 0]);
    expect(columns(10, 9, "left")).toHaveLength(18);
  });

  it("keeping the right: the reflection of the part right of the line, then that part, each on its own side", () => {
    expect(columns(10, 4, "right")).toEqual([9, 8, 7, 6, 5, 4, 4, 5, 6, 7, 8, 9]);
    expect(columns(10, 8, "right")).toEqual([9, 8, 8, 9]);
  });

  it("keeps at least one column: the line never reaches an edge", () => {
    expect(columns(10, 0, "left")).toEqual([0, 0]);
    expect(columns(10, -3, "left")).toEqual([0, 0]);
    expect(columns(10, 10, "right")).toEqual([9, 9]);
    expect(columns(10, 99, "right")).toEqual([9, 9]);
    expect(columns(1, 0, "left")).toEqual([0, 0]);
    expect(columns(1, 1, "right")).toEqual([0, 0]);
  });

  it("for any picture, line and side: symmetric about the line, the kept side as it was", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3000 }),
        fc.double({ min: -10, max: 3010, noNaN: true }),
        fc.constantFrom<Side>("left", "right"),
        (width, rawLine, keep) => {
          const line = clampLine(rawLine, width);
          const plan = mirrorPlan(width, line, keep);
          const kept = keep === "left" ? line : width - line;
          expect(plan.width).toBe(2 * kept);
          for (const c of [0, 1, kept - 1, kept, plan.width - 1].filter((c) => c >= 0 && c < plan.width)) {
            // Mirror image: column c and its reflection across the middle show the same picture column.
            expect(sourceColumn(plan, c)).toBe(sourceColumn(plan, plan.width - 1 - c));
            const source = sourceColumn(plan, c);
            // Only the kept side is ever shown.
            expect(keep === "left" ? source < line : source >= line).toBe(true);
          }
          // The kept side stays where it was, unmirrored, next to the line.
          if (keep === "left") expect(sourceColumn(plan, kept - 1)).toBe(line - 1);
          else expect(sourceColumn(plan, kept)).toBe(line);
        },
      ),
    );
  });

  it("refuses a column outside the result", () => {
    const plan = mirrorPlan(10, 4, "left");
    expect(() => sourceColumn(plan, 8)).toThrow(RangeError);
    expect(() => sourceColumn(plan, -1)).toThrow(RangeError);
    expect(() => sourceColumn(plan, 1.5)).toThrow(RangeError);
  });

  it("draws as two strips: the kept part as it is, and mirrored", () => {
    expect(mirrorPlan(10, 4, "left").strips).toEqual([
      { from: 0, to: 4, at: 0, flipped: false },
      { from: 0, to: 4, at: 4, flipped: true },
    ]);
    expect(mirrorPlan(10, 4, "right").strips).toEqual([
      { from: 4, to: 10, at: 0, flipped: true },
      { from: 4, to: 10, at: 6, flipped: false },
    ]);
  });
});

describe("the line's place", () => {
  it("starts in the middle and rounds to a whole column", () => {
    expect(middleLine(400)).toBe(200);
    expect(middleLine(5)).toBe(3);
    expect(clampLine(3.4, 10)).toBe(3);
  });

  it("follows a pointer through the size the picture is shown at", () => {
    // A 400 × 200 picture in a 600 × 300 box fills it: column = x × 400 / 600.
    expect(columnAt(300, { width: 600, height: 300 }, { width: 400, height: 200 })).toBe(200);
    expect(columnAt(150, { width: 600, height: 300 }, { width: 400, height: 200 })).toBe(100);
    // A tall picture in a wide box is centred: 100 × 200 shown 150 × 300 from x = 225.
    expect(containedBox({ width: 600, height: 300 }, { width: 100, height: 200 })).toEqual({
      left: 225,
      top: 0,
      width: 150,
      height: 300,
    });
    expect(columnAt(225 + 75, { width: 600, height: 300 }, { width: 100, height: 200 })).toBe(50);
    // Outside the picture: held at the first and last lines.
    expect(columnAt(10, { width: 600, height: 300 }, { width: 100, height: 200 })).toBe(1);
    expect(columnAt(590, { width: 600, height: 300 }, { width: 100, height: 200 })).toBe(99);
  });
});

describe("fitWithin", () => {
  it("leaves a picture that fits alone, and never scales up", () => {
    expect(fitWithin(400, 200)).toEqual({ width: 400, height: 200 });
    expect(fitWithin(MAX_SIDE, 10)).toEqual({ width: MAX_SIDE, height: 10 });
  });
  it("scales a big one down to the largest side, keeping its shape", () => {
    expect(fitWithin(4096, 3072)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(1000, 5000)).toEqual({ width: 410, height: 2048 });
    expect(fitWithin(100_000, 10)).toEqual({ width: 2048, height: 1 });
  });
});

describe("imageType", () => {
  it("finds a picture among a clipboard item's types", () => {
    expect(imageType(["text/plain", "image/png"])).toBe("image/png");
    expect(imageType(["text/html", "text/plain"])).toBeUndefined();
    expect(imageType([])).toBeUndefined();
  });
});
