/** The calendar's limits, without valibot: schemas.ts builds on them. */

/** The longest span one calendar call covers (DESIGN §5): a year view and its edges. */
export const CALENDAR_DAYS_MAX = 400;

/**
 * A feed's address names its token: 16 characters that find the row, then 43 of secret (32 random bytes,
 * base64url), then `.ics`.
 */
export const FEED_LOOKUP_LENGTH = 16;
export const FEED_SECRET_LENGTH = 43;
export const FEED_FILE = /^[A-Za-z0-9_-]{59}\.ics$/;
