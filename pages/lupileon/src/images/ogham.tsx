import type { CelticTree } from "@nook/shared/lupileon/signs";
import { StrokePicture } from "./stroke-picture.tsx";

/**
 * Each tree's ogham letter as its place in the alphabet: the aicme (B: strokes
 * right of the stem, H: left of it, M: long diagonals across) and how many strokes.
 */
const LETTERS: Record<CelticTree, [aicme: "b" | "h" | "m", strokes: number]> = {
  birch: ["b", 1],
  rowan: ["b", 2],
  alder: ["b", 3],
  willow: ["b", 4],
  ash: ["b", 5],
  hawthorn: ["h", 1],
  oak: ["h", 2],
  holly: ["h", 3],
  hazel: ["h", 4],
  vine: ["m", 1],
  ivy: ["m", 2],
  reed: ["m", 3],
  elder: ["m", 5],
};

/** The stem and the letter's strokes, 7 apart, centred on it; the whole letter centred in the box. */
function letterPath(aicme: "b" | "h" | "m", strokes: number) {
  const x = aicme === "b" ? 18 : aicme === "h" ? 30 : 24;
  let d = `M${x} 4v40`;
  for (let i = 0; i < strokes; i++) {
    const y = 24 + (i - (strokes - 1) / 2) * 7;
    d += aicme === "m" ? `M14 ${y + 4}l20-8` : `M${x} ${y}h${aicme === "b" ? 12 : -12}`;
  }
  return d;
}

export function OghamLetter({ tree, className }: { tree: CelticTree; className?: string }) {
  const [aicme, strokes] = LETTERS[tree];
  return <StrokePicture d={letterPath(aicme, strokes)} className={className} />;
}
