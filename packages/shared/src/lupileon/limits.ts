/** The birth-date section's limits, without valibot: the site's date form imports them from here; schemas.ts builds on them. */
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN } from "../common/limits.ts";

/**
 * The years the calculations are asked for: the ephemeris holds well beyond,
 * the pages need no more. They are every calendar date's years, so the
 * profile's date of birth (auth/limits.ts) is always one this section reads.
 */
export const LUPILEON_YEAR_MIN = CALENDAR_YEAR_MIN;
export const LUPILEON_YEAR_MAX = CALENDAR_YEAR_MAX;
