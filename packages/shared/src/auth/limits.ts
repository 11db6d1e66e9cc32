/** The accounts' limits, without valibot: the sites' forms import them from here; schemas.ts builds on them. */
import { LUPILEON_YEAR_MAX, LUPILEON_YEAR_MIN } from "../lupileon/limits.ts";

/**
 * A password's length, in UTF-16 units of its NFC form, the form that is hashed (workers/api/src/auth/
 * password.ts): the same word keyed as a precomposed "é" or as "e" and a combining accent is as long either
 * way, so it gets the same answer on every keyboard.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/**
 * The most a password field takes as typed: a password whose NFC form is within PASSWORD_MAX is at most
 * four times as long in another form (Unicode's bound on how far canonical decomposition expands a text).
 */
export const PASSWORD_TYPED_MAX = 4 * PASSWORD_MAX;
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
/**
 * Sign-up's throttles (workers/api/src/auth/throttle.ts), which the sign-up page states: attempts an e-mail
 * address and a client address may make in a window of THROTTLE_WINDOW_MINUTES, whatever their answers.
 */
export const SIGNUPS_PER_EMAIL_MAX = 5;
export const SIGNUPS_PER_CLIENT_MAX = 100;
export const THROTTLE_WINDOW_MINUTES = 15;
/** An invite link lasts this many days, and makes one account (workers/api/src/auth/invites.ts). */
export const INVITE_DAYS = 7;
/** The invites an account may have waiting (unused and unexpired) at once. */
export const INVITES_WAITING_MAX = 10;
/** An invite's token: a lookup of 16 base64url characters, then a secret of 43 (32 random bytes). */
export const INVITE_LOOKUP_LENGTH = 16;
export const INVITE_TOKEN_LENGTH = INVITE_LOOKUP_LENGTH + 43;
