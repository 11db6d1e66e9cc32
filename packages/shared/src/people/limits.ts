/** The people book's limits, without valibot: the sites import them from here; schemas.ts builds on them. */

/** The years a person's birth date may name: within every calendar date's (common/limits.ts), which the calendar reads. */
export const BIRTH_YEAR_MIN = 1800;
export const BIRTH_YEAR_MAX = 2199;
/** How many tag ids one update may unlink: more than a person has, so a page's stale list still fits. */
export const TAG_IDS_TO_REMOVE_MAX = 500;
