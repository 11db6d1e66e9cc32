/** The birth-date section's limits, without valibot: the site's date form imports them from here; schemas.ts builds on them. */

/** The years the calculations are asked for: the ephemeris holds well beyond, the pages need no more. */
export const LUPILEON_YEAR_MIN = 1000;
export const LUPILEON_YEAR_MAX = 3000;
