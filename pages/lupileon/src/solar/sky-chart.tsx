import { CELESTIAL_BODIES, type CelestialAnswer } from "@nook/shared/lupileon/schemas";
import { WESTERN_SIGNS } from "@nook/shared/lupileon/signs";
import { BODY_SYMBOLS, SIGN_SYMBOLS } from "../names.ts";
import { AYANAMSA, chartPoint, labelRings, SIGN_DEGREES } from "../sky-math.ts";

const OUTER = 100;
const INNER = 78;
const DOT = 73;
const LABEL = 62;
const RING_STEP = 13;
/** Bodies closer than this (degrees) get their labels on separate rings. */
const LABEL_GAP = 10;

const at = (lon: number, r: number) => chartPoint(lon, r);
const line = (lon: number, r1: number, r2: number) => {
  const a = at(lon, r1);
  const b = at(lon, r2);
  return `M${a.x} ${a.y}L${b.x} ${b.y}`;
};

/** An annulus sector from `from` to `to` degrees (counter-clockwise on screen, as the chart runs). */
function sector(from: number, to: number) {
  const a = at(from, OUTER);
  const b = at(to, OUTER);
  const c = at(to, INNER);
  const d = at(from, INNER);
  // Longitude grows counter-clockwise on screen: SVG's sweep flag 0.
  return `M${a.x} ${a.y}A${OUTER} ${OUTER} 0 0 0 ${b.x} ${b.y}L${c.x} ${c.y}A${INNER} ${INNER} 0 0 1 ${d.x} ${d.y}Z`;
}

/**
 * The wheel of the sky (spec 2 §2, §9): twelve sign sectors of 30°, starting
 * at the sidereal offset of 23.75°, ticks every 5°, and each body at its
 * longitude with its symbol. One image for assistive technology: `label`
 * says what it shows; the same data is in the table beside it.
 */
export function SkyChart({ longitudes, label }: { longitudes: CelestialAnswer; label: string }) {
  const rings = labelRings(
    CELESTIAL_BODIES.map((b) => longitudes[b]),
    LABEL_GAP,
  );
  const ticks: string[] = [];
  for (let k = 0; k < 72; k++) {
    if (k % 6 === 0) continue;
    ticks.push(line(AYANAMSA + k * 5, OUTER, OUTER - (k % 2 === 0 ? 6 : 3.5)));
  }
  return (
    <svg className="lupi-chart" viewBox="-104 -104 208 208" role="img" aria-label={label}>
      {WESTERN_SIGNS.map((sign, i) => {
        const from = AYANAMSA + i * SIGN_DEGREES;
        const mid = at(from + SIGN_DEGREES / 2, (OUTER + INNER) / 2);
        return (
          <g key={sign}>
            <path d={sector(from, from + SIGN_DEGREES)} className={i % 2 ? "lupi-chart-odd" : "lupi-chart-even"} />
            <path d={line(from, INNER, OUTER)} className="lupi-chart-edge" />
            <text x={mid.x} y={mid.y} className="lupi-chart-sign" textAnchor="middle" dominantBaseline="central">
              {SIGN_SYMBOLS[sign]}
            </text>
          </g>
        );
      })}
      <path d={ticks.join("")} className="lupi-chart-tick" />
      <circle r={INNER} className="lupi-chart-inner" />
      {CELESTIAL_BODIES.map((body, i) => {
        const lon = longitudes[body];
        const dot = at(lon, DOT);
        const r = LABEL - (rings[i] ?? 0) * RING_STEP;
        const text = at(lon, r);
        return (
          <g key={body} className={`lupi-chart-body lupi-chart-${body}`}>
            <path d={line(lon, DOT - 2, r + 5)} className="lupi-chart-leader" />
            <circle cx={dot.x} cy={dot.y} r={2.6} />
            <text x={text.x} y={text.y} textAnchor="middle" dominantBaseline="central">
              {BODY_SYMBOLS[body]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
