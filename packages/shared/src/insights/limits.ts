/** The insights' limits, without valibot: schemas.ts builds on them, and the pages read them from here. */

/** The default span of GET /api/journal/insights: the last 365 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 365;
/** The longest span one call covers: ten years and their leap days. */
export const INSIGHTS_DAYS_MAX = 3660;
/** A tag or person is tested only with at least this many days with a mood on each side (with it, without it). */
export const INSIGHTS_MIN_DAYS = 10;
/** A metric is tested only with at least this many days having both the metric and a mood. */
export const INSIGHTS_MIN_PAIRS = 10;
/** The false discovery rate of the Benjamini–Hochberg adjustment. */
export const INSIGHTS_FDR = 0.05;
/** The most findings one answer lists (significant first); every test counts in the adjustment all the same. */
export const INSIGHTS_FINDINGS_MAX = 100;
