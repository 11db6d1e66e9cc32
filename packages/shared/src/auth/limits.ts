/** The accounts' limits, without valibot: the sites' forms import them from here; schemas.ts builds on them. */
import { LUPILEON_YEAR_MAX, LUPILEON_YEAR_MIN } from "../lupileon/limits.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The longest name: a user's, a person's in the people book, a checklist's. */
export const NAME_LENGTH_MAX = 100;
/** The longest address SMTP can carry (RFC 5321). */
export const EMAIL_MAX = 254;
/** The longest username (public, in `/u/{username}`). */
export const USERNAME_MAX = 40;
/**
 * What a username may be typed with (DESIGN §4): Latin letters, digits, '_'
 * and '-'; it is stored lower-cased, so no capital makes a second `Annie`
 * beside `annie` and no other script a look-alike of it. The source serves
 * both the schema and an input's `pattern`.
 */
export const USERNAME_CHARS = "[A-Za-z0-9_\\-]+";
/** A date of birth's years: the birth-date section's, which reads it, so every date the profile takes is one it answers for. */
export const DATE_OF_BIRTH_YEAR_MIN = LUPILEON_YEAR_MIN;
export const DATE_OF_BIRTH_YEAR_MAX = LUPILEON_YEAR_MAX;
