/** The accounts' limits, without valibot: the sites' forms import them from here; schemas.ts builds on them. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** The longest name: a user's, a person's in the people book, a checklist's. */
export const NAME_LENGTH_MAX = 100;
