import type { WesternSign } from "@nook/shared/lupileon/signs";
import { StrokePicture } from "./stroke-picture.tsx";

/** The twelve zodiac glyphs as strokes on a 48×48 grid (no font needed). */
const GLYPHS: Record<WesternSign, string> = {
  aries: "M24 42V18C24 10 19 6 14 6S6 10 6 14s3 6 6 6M24 18c0-8 5-12 10-12s8 4 8 8-3 6-6 6",
  taurus: "M8 8c2 8 8 12 16 12s14-4 16-12M14 30a10 10 0 1 0 20 0a10 10 0 1 0-20 0",
  gemini: "M8 8q16 6 32 0M8 40q16-6 32 0M17 10.5v27M31 10.5v27",
  cancer:
    "M8 18a6 6 0 1 0 12 0a6 6 0 1 0-12 0M14 12c10-6 22-4 28 4M28 30a6 6 0 1 0 12 0a6 6 0 1 0-12 0M34 36c-10 6-22 4-28-4",
  leo: "M6 32a6 6 0 1 0 12 0a6 6 0 1 0-12 0M16.2 27.8C13 21 14 8 25 7c10-1 13 9 8 17-4 7-3 16 3 17 3 .5 5-1 6-3",
  virgo: "M6 13q4-4 6 1v24m0-22q0-6 5-6t5 6v22m0-22q0-6 5-6t5 6v16q0 10 10 10M28 40c6-4 12-10 12-16 0-4-4-4-6 0",
  libra: "M6 37h36M6 29h9a10 10 0 1 1 18 0h9",
  scorpio: "M6 13q4-4 6 1v24m0-22q0-6 5-6t5 6v22m0-22q0-6 5-6t5 6v18q0 4 4 4l6-6m-6 0h6v6",
  sagittarius: "M8 40 40 8M24 8h16v16M14 22l12 12",
  capricorn: "M6 10c3 0 5 2 6 6l5 20 8-24c2 8 3 16 5 20s10 6 10 0-8-6-10 0-4 10-8 10",
  aquarius: "M6 20l6-6 6 6 6-6 6 6 6-6 6 6M6 32l6-6 6 6 6-6 6 6 6-6 6 6",
  pisces: "M10 8q14 16 0 32M38 8q-14 16 0 32M15 24h18",
};

export function WesternGlyph({ sign, className }: { sign: WesternSign; className?: string }) {
  return <StrokePicture d={GLYPHS[sign]} className={className} />;
}
