import { legsOf, type RunPosition } from "./session.ts";

/** Spec 2 §9: the earth's radius for the great-circle distance, in metres. */
export const EARTH_RADIUS_M = 6_371_000;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle (haversine) distance between two points, in metres. */
export function greatCircleMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a route in metres: each segment's legs summed; the gaps between segments (pauses) are not counted. */
export function routeMeters(positions: readonly RunPosition[]): number {
  let total = 0;
  for (const [a, b] of legsOf(positions)) total += greatCircleMeters(a, b);
  return total;
}

/**
 * Spec 2 §9: whole metres below 1000, else km with 2 decimals, in the
 * reader's number format (ru: "1,50"); the page adds the unit's word.
 * Metres are rounded, but never up to "1000 m": 999.6 m still reads "999".
 */
export function formatDistance(meters: number, locale: string): { value: string; unit: "m" | "km" } {
  const m = Number.isFinite(meters) && meters > 0 ? meters : 0;
  if (m < 1000) return { value: new Intl.NumberFormat(locale).format(Math.min(999, Math.round(m))), unit: "m" };
  const km = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return { value: km.format(m / 1000), unit: "km" };
}
