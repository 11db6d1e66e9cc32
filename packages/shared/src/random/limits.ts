/** The random draws' limits, without valibot: schemas.ts builds on them. */

/** The bounds of a draw, the same for this device and the third-party service (whose limits they are). */
export const RANDOM_COUNT_MAX = 1_000;
export const RANDOM_VALUE_LIMIT = 1_000_000_000;
/** Spec 2 §9: the random numbers page starts at count 1, min 1, max 10. */
export const RANDOM_DEFAULTS = { count: 1, min: 1, max: 10 } as const;
