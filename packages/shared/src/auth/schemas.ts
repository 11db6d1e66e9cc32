import * as v from "valibot";
import { ACCENT_COLORS } from "../common/accent-colors.ts";
import { message } from "../common/messages.ts";
import { timeZone } from "../common/validation.ts";
import { NAME_LENGTH_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_CHARS, USERNAME_MAX } from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** The longest address SMTP can carry (RFC 5321). */
const EMAIL_MAX = 254;

/** An e-mail address: trimmed, lower-cased, required (people's too). */
export const email = v.pipe(
  v.string(message("Email is required")),
  v.trim(),
  v.nonEmpty(message("Email is required")),
  v.maxLength(EMAIL_MAX, message("Email is too long")),
  v.email(message("Email is not valid")),
  v.toLowerCase(),
);
const password = v.pipe(
  v.string(message("Password is required")),
  v.minLength(PASSWORD_MIN, message("Password must be at least {min} characters", { min: PASSWORD_MIN })),
  v.maxLength(PASSWORD_MAX, message("Password must be at most {max} characters", { max: PASSWORD_MAX })),
);

/** A name: trimmed, required, at most NAME_LENGTH_MAX characters. */
export const name = v.pipe(
  v.string(message("Name is required")),
  v.trim(),
  v.nonEmpty(message("Name is required")),
  v.maxLength(NAME_LENGTH_MAX, message("Name is too long")),
);
/**
 * A username as it is stored (DESIGN §4): trimmed, Latin letters, digits, '_'
 * and '-' only, then lower-cased ("Annie" is kept as "annie"). The characters
 * are checked before lower-casing, so a Cyrillic «а» is refused, and so is a
 * letter of another script that lower-cases to a Latin one (the Kelvin sign).
 */
const username = v.pipe(
  v.string(message("Username is required")),
  v.trim(),
  v.nonEmpty(message("Username is required")),
  v.maxLength(USERNAME_MAX, message("Username is too long")),
  v.regex(new RegExp(`^${USERNAME_CHARS}$`), message("Username may hold Latin letters a-z, digits, '_' and '-' only")),
  v.toLowerCase(),
);

/** YYYY-MM-DD, or a full ISO date-time of which only the date part is kept (spec §3). */
export const dateOfBirth = v.pipe(
  v.nullish(v.string(message("Date of birth is not a valid date")), null),
  v.transform((s) => (s === null || s.trim() === "" ? null : s.trim().slice(0, 10))),
  v.check(
    (s) => s === null || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))),
    message("Date of birth is not a valid date"),
  ),
);

export const LoginBody = v.object({
  email: v.pipe(
    v.string(message("Email is required")),
    v.trim(),
    v.nonEmpty(message("Email is required")),
    // Refused before the throttle records it: a failed sign-in stores the address as a key.
    v.maxLength(EMAIL_MAX, message("Email is too long")),
    v.toLowerCase(),
  ),
  password: v.pipe(
    v.string(message("Password is required")),
    v.nonEmpty(message("Password is required")),
    v.maxLength(PASSWORD_MAX, message("Invalid credentials")),
  ),
  timeZone: v.optional(timeZone),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

export const RegisterBody = v.object({ email, name, username, password, timeZone: v.optional(timeZone) });
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(
    v.string(message("Current password is required")),
    v.nonEmpty(message("Current password is required")),
  ),
  newPassword: password,
});
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBody>;

export const ProfileBody = v.object({
  email,
  name,
  username,
  dateOfBirth,
  accentColor: v.picklist(
    ACCENT_COLORS,
    message("Accent colour must be one of {colors}", { colors: ACCENT_COLORS.join(", ") }),
  ),
  timeZone: v.optional(timeZone),
});
export type ProfileBody = v.InferOutput<typeof ProfileBody>;
