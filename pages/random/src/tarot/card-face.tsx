import { cardOf, romanNumeral } from "./card.ts";
import { MAJOR_EMBLEMS } from "./major-emblems.tsx";
import { Court, Pips, SuitGlyph } from "./suit-glyphs.tsx";

/** Fits a name into the bottom band (about 116 units wide) without running over the frame. */
const nameSize = (name: string) => Math.min(12, Math.round((170 / Math.max(name.length, 1)) * 10) / 10);

/**
 * A card's face, drawn here (no image files): a 7:12 card with a border, its
 * numeral or pip count on top and its name below; a major arcanum's emblem,
 * a pip card's suit signs, or a court card's mark over its suit sign. Colours
 * come from the theme's variables (tarot.css).
 */
export function CardFace({
  number,
  name,
  label,
  upsideDown = false,
}: {
  number: number;
  name: string;
  /** What a screen reader says for the picture. */
  label: string;
  upsideDown?: boolean;
}) {
  const card = cardOf(number);
  const index =
    card.kind === "major" ? romanNumeral(card.arcanum) : card.value <= 10 && card.value > 1 ? String(card.value) : "";
  return (
    <svg
      viewBox="0 0 140 240"
      role="img"
      aria-label={label}
      className={`tarot-face tarot-face-${card.kind === "major" ? "major" : card.suit}${upsideDown ? " tarot-face-upside-down" : ""}`}
      data-card={number}
    >
      <rect x={1.5} y={1.5} width={137} height={237} rx={9} className="tarot-face-paper" strokeWidth={3} />
      <rect x={8} y={8} width={124} height={224} rx={5} fill="none" stroke="currentColor" strokeWidth={1.2} />
      <path d="M8 36H132M8 202H132" stroke="currentColor" strokeWidth={0.8} />
      {index ? (
        <text x={70} y={28} textAnchor="middle" fontSize={15} fontWeight={700} className="tarot-face-ink">
          {index}
        </text>
      ) : card.kind === "minor" ? (
        <SuitGlyph suit={card.suit} x={70} y={22} scale={0.6} />
      ) : null}
      {card.kind === "major" ? (
        <g transform="translate(70 119)">{MAJOR_EMBLEMS[card.arcanum]}</g>
      ) : card.value <= 10 ? (
        <Pips suit={card.suit} value={card.value} />
      ) : (
        <Court suit={card.suit} rank={card.rank} />
      )}
      <text x={70} y={222} textAnchor="middle" fontSize={nameSize(name)} fontWeight={600} className="tarot-face-ink">
        {name}
      </text>
    </svg>
  );
}
