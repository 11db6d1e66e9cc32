/**
 * Limits every area shares, without valibot: the sites import them from here
 * (a date input's min and max); validation.ts builds the contracts' pieces on them.
 */

/** The most digits an id may have, in a path or a cursor; the largest id a request may name (rowids stay far below). */
export const ID_DIGITS_MAX = 15;
export const ID_MAX = 10 ** ID_DIGITS_MAX - 1;

/**
 * The years a calendar date may name: a calendar's range, a date of birth.
 * The birth-date section answers for exactly these (lupileon/limits.ts), so
 * a date of birth the profile accepts is one it can read.
 */
export const CALENDAR_YEAR_MIN = 1000;
export const CALENDAR_YEAR_MAX = 3000;
