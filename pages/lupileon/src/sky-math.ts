import { WESTERN_SIGNS, type WesternSign } from "@nook/shared/lupileon/signs";

/**
 * Where a longitude falls among the signs (spec 2 §9: 12 sectors of 30°;
 * the chart's offset of 23.75° is the sidereal zodiac's start, the ayanamsa).
 */
export const AYANAMSA = 23.75;
export const SIGN_DEGREES = 30;

export const norm360 = (deg: number) => ((deg % 360) + 360) % 360;

export interface SignPlace {
  sign: WesternSign;
  /** Whole degrees into the sign, 0–29, and minutes, 0–59 (rounded to the minute). */
  degrees: number;
  minutes: number;
}

/** The sign and the degrees within it of an ecliptic longitude, its zodiac starting `offset` degrees on. */
export function signPlace(longitude: number, offset = 0): SignPlace {
  // Rounded to the minute first, so 29°59.7′ reads 0°00′ of the next sign rather than 29°60′.
  const totalMinutes = Math.round(norm360(longitude - offset) * 60) % (360 * 60);
  const index = Math.floor(totalMinutes / (SIGN_DEGREES * 60));
  const within = totalMinutes - index * SIGN_DEGREES * 60;
  return { sign: WESTERN_SIGNS[index] as WesternSign, degrees: Math.floor(within / 60), minutes: within % 60 };
}

/** "12°34′". */
export const degreesText = (p: { degrees: number; minutes: number }) =>
  `${p.degrees}°${String(p.minutes).padStart(2, "0")}′`;

/** A point on the chart's circle: longitude 0 on the left, growing counter-clockwise (as zodiac charts are drawn). */
export function chartPoint(longitude: number, radius: number): { x: number; y: number } {
  const a = (norm360(longitude) * Math.PI) / 180;
  return { x: round(-radius * Math.cos(a)), y: round(radius * Math.sin(a)) };
}

const round = (x: number) => Math.round(x * 100) / 100 + 0;

/**
 * The rings of the chart's labels: bodies sorted by longitude, each on the
 * outermost ring where no body within `gap` degrees already sits.
 */
export function labelRings(longitudes: readonly number[], gap: number): number[] {
  const order = longitudes.map((lon, i) => ({ lon: norm360(lon), i })).sort((a, b) => a.lon - b.lon);
  const rings = new Array<number>(longitudes.length).fill(0);
  const placed: { lon: number; ring: number }[] = [];
  for (const { lon, i } of order) {
    let ring = 0;
    while (placed.some((p) => p.ring === ring && angularDistance(p.lon, lon) < gap)) ring++;
    rings[i] = ring;
    placed.push({ lon, ring });
  }
  return rings;
}

export function angularDistance(a: number, b: number): number {
  const d = Math.abs(norm360(a) - norm360(b));
  return Math.min(d, 360 - d);
}
