import type { ReactNode } from "react";
import { SUIT_PATHS, starPath } from "./suit-glyphs.tsx";

/**
 * One simple emblem per major arcanum, each a few shapes in a 100×100 box
 * centred on 0,0: filled or stroked in the current colour, with "holes" in
 * the card's paper colour.
 */

const F = { fill: "currentColor" } as const;
const S = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 5,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
const HOLE = { className: "tarot-face-hole" } as const;

/** A crescent opening to the right, its outer circle centred on cx, cy. */
const crescent = (cx: number, cy: number, r: number) =>
  `M${cx} ${cy - r}a${r} ${r} 0 1 0 0 ${2 * r}a${r * 1.3} ${r * 1.3} 0 0 1 0 ${-2 * r}z`;

const heart = "M0 14C-30 -6 -16 -30 0 -13C16 -30 30 -6 0 14z";

const rays = (count: number, from: number, to: number) =>
  Array.from({ length: count }, (_, i) => {
    const a = (2 * Math.PI * i) / count;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    return `M${(from * c).toFixed(2)} ${(from * s).toFixed(2)}L${(to * c).toFixed(2)} ${(to * s).toFixed(2)}`;
  }).join("");

export const MAJOR_EMBLEMS: readonly ReactNode[] = [
  // 0 The Fool: a bundle on a stick, a small flower at the foot.
  <g key="fool">
    <path d="M-30 38L24 -26" {...S} />
    <circle cx={28} cy={-32} r={13} {...F} />
    <circle cx={-34} cy={30} r={5} {...S} strokeWidth={3} />
  </g>,
  // I The Magician: the infinity loop.
  <path
    key="magician"
    d="M0 0C12 -20 40 -20 40 0C40 20 12 20 0 0C-12 -20 -40 -20 -40 0C-40 20 -12 20 0 0z"
    {...S}
    strokeWidth={6}
  />,
  // II The High Priestess: two pillars and the moon between.
  <g key="priestess">
    <rect x={-42} y={-42} width={13} height={84} rx={2} {...F} />
    <rect x={29} y={-42} width={13} height={84} rx={2} {...F} />
    <path d={crescent(4, 0, 16)} {...F} />
  </g>,
  // III The Empress: the sign of Venus.
  <g key="empress">
    <circle cx={0} cy={-14} r={20} {...S} strokeWidth={6} />
    <path d="M0 7V44M-15 28H15" {...S} strokeWidth={6} />
  </g>,
  // IV The Emperor: a high-backed throne.
  <g key="emperor">
    <path d="M-30 42V-8H-18V-38H18V-8H30V42z" {...F} />
    <rect x={-10} y={-28} width={20} height={16} {...HOLE} />
  </g>,
  // V The Hierophant: the triple cross.
  <g key="hierophant" {...F}>
    <rect x={-3.5} y={-44} width={7} height={88} />
    <rect x={-11} y={-34} width={22} height={6} />
    <rect x={-17} y={-22} width={34} height={6} />
    <rect x={-23} y={-10} width={46} height={6} />
  </g>,
  // VI The Lovers: two hearts, one over the other.
  <g key="lovers">
    <path d={heart} transform="translate(-12 -2) scale(1.3)" {...F} />
    <path d={heart} transform="translate(14 10) scale(1.3)" {...S} strokeWidth={3.5} />
  </g>,
  // VII The Chariot: a car on two wheels under a star.
  <g key="chariot">
    <rect x={-32} y={-14} width={64} height={30} rx={4} {...F} />
    <circle cx={-21} cy={26} r={12} {...S} />
    <circle cx={21} cy={26} r={12} {...S} />
    <path d={starPath(6, 10, 4, 0, -32)} {...F} />
  </g>,
  // VIII Strength: a lion's head in its mane.
  <g key="strength">
    <path d={starPath(14, 42, 31)} {...F} />
    <circle r={25} {...HOLE} />
    <circle cx={-9} cy={-6} r={3.5} {...F} />
    <circle cx={9} cy={-6} r={3.5} {...F} />
    <path d="M-6 6H6L0 13z" {...F} />
  </g>,
  // IX The Hermit: a lantern with a star inside.
  <g key="hermit">
    <path d="M-12 -30Q0 -48 12 -30" {...S} strokeWidth={4} />
    <path d="M-14 -30H14L10 -22H-10z" {...F} />
    <rect x={-16} y={-22} width={32} height={46} rx={3} {...S} strokeWidth={4} />
    <path d={starPath(6, 11, 4.5, 0, 1)} {...F} />
    <path d="M-12 24H12L8 32H-8z" {...F} />
  </g>,
  // X Wheel of Fortune: a wheel of eight spokes.
  <g key="wheel">
    <circle r={38} {...S} />
    <path d={rays(8, 9, 36)} {...S} strokeWidth={4} />
    <circle r={8} {...F} />
  </g>,
  // XI Justice: the scales.
  <g key="justice">
    <path d="M0 -40V40M-36 -26H36M-20 42H20" {...S} strokeWidth={4} />
    <path d="M-36 -26L-48 8M-36 -26L-24 8M36 -26L24 8M36 -26L48 8" {...S} strokeWidth={2} />
    <path d="M-50 8H-22A14 14 0 0 1 -50 8zM22 8H50A14 14 0 0 1 22 8z" {...F} />
    <circle cx={0} cy={-40} r={5} {...F} />
  </g>,
  // XII The Hanged Man: a frame, a rope, the figure head down.
  <g key="hanged">
    <path d="M-34 44V-40H34V44" {...S} />
    <path d="M0 -40V-22" {...S} strokeWidth={3} />
    <path d="M-14 -22H14L0 8z" {...F} />
    <circle cx={0} cy={18} r={9} {...F} />
  </g>,
  // XIII Death: a five-petalled rose on its stem.
  <g key="death">
    <path d="M0 18V46M0 34Q14 26 20 32" {...S} strokeWidth={4} />
    {[0, 1, 2, 3, 4].map((i) => {
      const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
      return <circle key={i} cx={15 * Math.cos(a)} cy={-8 + 15 * Math.sin(a)} r={13} {...F} />;
    })}
    <circle cx={0} cy={-8} r={7} {...HOLE} />
  </g>,
  // XIV Temperance: water poured from one cup into another.
  <g key="temperance">
    <path d={SUIT_PATHS.cups} transform="translate(24 -16) scale(1.7) rotate(-35)" {...F} />
    <path d={SUIT_PATHS.cups} transform="translate(-22 22) scale(1.7)" {...F} />
    <path d="M12 -26C-4 -34 -26 -20 -22 4" {...S} strokeWidth={3} strokeDasharray="2 6" />
  </g>,
  // XV The Devil: a horned head and a chain link.
  <g key="devil">
    <path
      d="M-12 -12C-32 -22 -32 -38 -22 -48C-24 -34 -14 -26 -4 -20zM12 -12C32 -22 32 -38 22 -48C24 -34 14 -26 4 -20z"
      {...F}
    />
    <circle cx={0} cy={4} r={19} {...F} />
    <path d="M-9 0L-3 4M9 0L3 4" className="tarot-face-hole-line" strokeWidth={3} strokeLinecap="round" />
    <rect x={-12} y={30} width={24} height={14} rx={7} {...S} strokeWidth={4} />
  </g>,
  // XVI The Tower: a tower struck by lightning.
  <g key="tower">
    <path d="M-18 44V-22H-18V-32H-10V-24H-4V-32H4V-24H10V-32H18V-22V44z" {...F} />
    <rect x={-5} y={-6} width={10} height={16} rx={5} {...HOLE} />
    <path d="M40 -48L22 -20H32L16 6L44 -28H34L46 -48z" {...F} />
  </g>,
  // XVII The Star: a great eight-pointed star and two small ones.
  <g key="star" {...F}>
    <path d={starPath(8, 34, 12)} />
    <path d={starPath(8, 8, 3, -34, 32)} />
    <path d={starPath(8, 8, 3, 34, 32)} />
  </g>,
  // XVIII The Moon: a crescent and falling drops.
  <g key="moon">
    <path d={crescent(6, -6, 34)} {...F} />
    <circle cx={-30} cy={40} r={3} {...F} />
    <circle cx={-16} cy={44} r={3} {...F} />
    <circle cx={-2} cy={40} r={3} {...F} />
  </g>,
  // XIX The Sun: a disc with twelve rays.
  <g key="sun">
    <circle r={18} {...F} />
    <path d={rays(12, 25, 42)} {...S} strokeWidth={4} />
  </g>,
  // XX Judgement: a trumpet sounding.
  <g key="judgement">
    <path d="M-38 -32L8 4" {...S} strokeWidth={6} />
    <path d="M6 -0.5L42.7 8.1L20.7 36.5L2 5z" {...F} />
    <path d="M-42 -38L-34 -26" {...S} strokeWidth={8} />
    <path d="M30 -20Q40 -14 46 -4M40 -32Q52 -22 54 -6" {...S} strokeWidth={3} />
  </g>,
  // XXI The World: a wreath, bound top and bottom, four small discs at the corners.
  <g key="world">
    <ellipse rx={24} ry={38} {...S} strokeWidth={7} />
    <path d="M-6 -44L6 -32M6 -44L-6 -32M-6 32L6 44M6 32L-6 44" {...S} strokeWidth={3} />
    {[
      [-40, -40],
      [40, -40],
      [-40, 40],
      [40, 40],
    ].map(([x, y]) => (
      <circle key={`${x},${y}`} cx={x} cy={y} r={6} {...F} />
    ))}
  </g>,
];
