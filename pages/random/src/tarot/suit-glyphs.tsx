import type { Rank } from "./card.ts";
import type { Suit } from "./texts/types.ts";

/**
 * The four suit signs as SVG paths, each in a 20×20 box centred on 0,0, and
 * the marks of the court cards. Filled in the current colour, so the face's
 * class picks the suit's colour for the theme.
 */

const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/** A star's outline: `points` tips on radius `outer`, notches on radius `inner`, the first tip straight up. */
export function starPath(points: number, outer: number, inner: number, cx = 0, cy = 0): string {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  });
  return `M${corners.join("L")}z`;
}

export const SUIT_PATHS: Record<Suit, string> = {
  // A staff with a knob and two leaves sprouting.
  wands: `M-1.5 -8h3v18h-3z${circle(0, -8.5, 2.2)}M-1.5 -3q-5 -0.5 -6.5 -5q5 0 6.5 3zM1.5 2q5 -0.5 6.5 -5q-5 0 -6.5 3z`,
  // A goblet: bowl, stem, foot.
  cups: "M-8 -9h16q0 9 -8 10.5q-8 -1.5 -8 -10.5zM-1.2 1h2.4v5.5h-2.4zM-6.5 10h13q-1 -4 -6.5 -4q-5.5 0 -6.5 4z",
  // A blade, a crossguard, a grip and a pommel.
  swords: `M0 -10.5l2.2 3v10.5h-4.4v-10.5zM-6.5 3h13v2.2h-13zM-1.1 5.2h2.2v3.6h-2.2z${circle(0, 9.6, 1.5)}`,
  // A ring with a five-pointed star inside (the ring's hole cut out by the even-odd rule).
  pentacles: `${circle(0, 0, 10)}${circle(0, 0, 8.3)}${starPath(5, 7.4, 2.9)}`,
};

export function SuitGlyph({
  suit,
  x,
  y,
  scale = 1,
  flip,
}: {
  suit: Suit;
  x: number;
  y: number;
  scale?: number;
  flip?: boolean;
}) {
  return (
    <path
      d={SUIT_PATHS[suit]}
      fill="currentColor"
      fillRule="evenodd"
      transform={`translate(${x} ${y}) scale(${scale})${flip ? " rotate(180)" : ""}`}
    />
  );
}

/** Where the pips sit on a card, like a playing card's: columns and rows inside the art area (x 14-126, y 36-196). */
const L = 42;
const C = 70;
const R = 98;
const PIPS: Record<number, [number, number][]> = {
  2: [
    [C, 58],
    [C, 174],
  ],
  3: [
    [C, 58],
    [C, 116],
    [C, 174],
  ],
  4: [
    [L, 58],
    [R, 58],
    [L, 174],
    [R, 174],
  ],
  5: [
    [L, 58],
    [R, 58],
    [C, 116],
    [L, 174],
    [R, 174],
  ],
  6: [
    [L, 58],
    [R, 58],
    [L, 116],
    [R, 116],
    [L, 174],
    [R, 174],
  ],
  7: [
    [L, 58],
    [R, 58],
    [C, 87],
    [L, 116],
    [R, 116],
    [L, 174],
    [R, 174],
  ],
  8: [
    [L, 58],
    [R, 58],
    [C, 87],
    [L, 116],
    [R, 116],
    [C, 145],
    [L, 174],
    [R, 174],
  ],
  9: [
    [L, 58],
    [R, 58],
    [L, 97],
    [R, 97],
    [C, 116],
    [L, 135],
    [R, 135],
    [L, 174],
    [R, 174],
  ],
  10: [
    [L, 58],
    [R, 58],
    [C, 78],
    [L, 97],
    [R, 97],
    [L, 135],
    [R, 135],
    [C, 154],
    [L, 174],
    [R, 174],
  ],
};

export function pipPositions(value: number): [number, number][] {
  return PIPS[value] ?? [[C, 116]];
}

/** Ace to Ten: that many suit signs (the Ace one large), the lower half upside down as on playing cards. */
export function Pips({ suit, value }: { suit: Suit; value: number }) {
  if (value === 1) return <SuitGlyph suit={suit} x={C} y={116} scale={3.6} />;
  return (
    <g>
      {pipPositions(value).map(([x, y]) => (
        <SuitGlyph key={`${x},${y}`} suit={suit} x={x} y={y} scale={1.15} flip={y > 116} />
      ))}
    </g>
  );
}

/** Each court card's mark above its suit sign: a pennant, a shield, a round-tipped crown, a crown with a cross. */
const COURT_MARKS: Partial<Record<Rank, string>> = {
  page: "M-9 -15h2.6v30h-2.6zM-6.4 -15l17 6l-17 6z",
  knight: "M-12 -14h24v9q0 14 -12 20q-12 -6 -12 -20zM-8 -10v5q0 10 8 14.5q8 -4.5 8 -14.5v-5z",
  queen: `M-14 10h28l2 -17l-9 7l-7 -13l-7 13l-9 -7z${circle(-16, -9, 2.8)}${circle(0, -16, 2.8)}${circle(16, -9, 2.8)}`,
  king: "M-15 11h30l1 -18l-6 6l-5 -10l-5 8l-5 -8l-5 8l-5 -8l-5 10l-6 -6zM-1.4 -24h2.8v10h-2.8zM-4.5 -20.5h9v2.8h-9z",
};

export function Court({ suit, rank }: { suit: Suit; rank: Rank }) {
  return (
    <g>
      <path d={COURT_MARKS[rank]} fill="currentColor" fillRule="evenodd" transform="translate(70 78) scale(1.5)" />
      <SuitGlyph suit={suit} x={70} y={146} scale={2.5} />
    </g>
  );
}
