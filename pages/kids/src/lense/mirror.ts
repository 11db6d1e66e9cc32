/**
 * The lens's geometry (spec 2 §2 Lense): a vertical line through the picture;
 * the part on one side of it is kept and its mirror image takes the other
 * side. The result is the kept part and its reflection, side by side with the
 * line between them, so it is exactly symmetric: twice as wide as the kept part.
 * Columns are whole pixels; the line sits between column `line - 1` and `line`.
 */

export type Side = "left" | "right";

/** Source columns [from, to), drawn from output column `at` on, mirrored or as they are. */
export interface Strip {
  from: number;
  to: number;
  at: number;
  flipped: boolean;
}

export interface MirrorPlan {
  /** The result's width; its height is the picture's. */
  width: number;
  /** Left to right in the result. */
  strips: readonly [Strip, Strip];
}

/** Largest side of a picture the lens works on; bigger ones are scaled down to fit. */
export const MAX_SIDE = 2048;

/** A line that keeps at least one column on each side (for a picture one column wide, after it). */
export function clampLine(line: number, width: number): number {
  if (width < 2) return width;
  return Math.min(Math.max(Math.round(line), 1), width - 1);
}

/** The middle of the picture: where the line starts. */
export const middleLine = (width: number) => clampLine(width / 2, width);

export function mirrorPlan(width: number, line: number, keep: Side): MirrorPlan {
  // A picture one column wide has no line to speak of: either way it keeps its column.
  const at = width < 2 ? (keep === "left" ? width : 0) : clampLine(line, width);
  if (keep === "left") {
    const kept = { from: 0, to: at };
    return {
      width: 2 * at,
      strips: [
        { ...kept, at: 0, flipped: false },
        { ...kept, at, flipped: true },
      ],
    };
  }
  const kept = { from: at, to: width };
  const keptWidth = width - at;
  return {
    width: 2 * keptWidth,
    strips: [
      { ...kept, at: 0, flipped: true },
      { ...kept, at: keptWidth, flipped: false },
    ],
  };
}

/** Which column of the picture the result's column `column` shows. */
export function sourceColumn(plan: MirrorPlan, column: number): number {
  if (!Number.isInteger(column) || column < 0 || column >= plan.width) {
    throw new RangeError(`sourceColumn: ${column} is not a column of a result ${plan.width} wide`);
  }
  const strip = plan.strips.find((s) => column >= s.at && column < s.at + (s.to - s.from)) as Strip;
  const offset = column - strip.at;
  return strip.flipped ? strip.to - 1 - offset : strip.from + offset;
}

/** A picture's size scaled down (never up) so neither side is over `max`, keeping its shape. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height);
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Where a canvas's picture is inside its element when it is shown with
 * `object-fit: contain` (scaled to fit, centred): its left edge and width in
 * CSS pixels. A pointer's picture column is then `(x - left) / width × picture width`.
 */
export function containedBox(
  box: { width: number; height: number },
  picture: { width: number; height: number },
): { left: number; top: number; width: number; height: number } {
  const scale = Math.min(box.width / picture.width, box.height / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height };
}

/** The picture column under a pointer at `x` CSS pixels from the element's left edge. */
export function columnAt(
  x: number,
  box: { width: number; height: number },
  picture: { width: number; height: number },
): number {
  const shown = containedBox(box, picture);
  return clampLine(((x - shown.left) / shown.width) * picture.width, picture.width);
}

/** The first picture type among a clipboard item's types, if any. */
export const imageType = (types: readonly string[]): string | undefined => types.find((t) => t.startsWith("image/"));
