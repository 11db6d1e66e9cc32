import * as v from "valibot";
import { ACCENT_COLORS } from "../common/accent-colors.ts";
import { DATE_TIME_TEXT_MAX } from "../common/date-time.ts";
import { message } from "../common/messages.ts";
import { calendarDay, text, timeZone } from "../common/validation.ts";
import {
  DATE_OF_BIRTH_YEAR_MAX,
  DATE_OF_BIRTH_YEAR_MIN,
  EMAIL_MAX,
  INVITE_TOKEN_LENGTH,
  NAME_LENGTH_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_TYPED_MAX,
  USERNAME_CHARS,
  USERNAME_MAX,
} from "./limits.ts";

// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** An e-mail address: trimmed, lower-cased, required (people's too). */
export const email = v.pipe(
  text("email", EMAIL_MAX, { notText: message("Email is required"), tooLong: message("Email is too long") }),
  v.trim(),
  v.nonEmpty(message("Email is required")),
  v.email(message("Email is not valid")),
  v.toLowerCase(),
);
const PASSWORD_TOO_LONG = message("Password must be at most {max} characters", { max: PASSWORD_MAX });
/** A password's length as the rule counts it: of its NFC form, the one hashed (limits.ts). */
const nfcLength = (password: string) => password.normalize("NFC").length;
/**
 * A new password (sign-up, a change, `npm run user`): 8 to 128 UTF-16 units in NFC, read as typed (the
 * route hashes it in NFC, and the strength checks read it in their own form: weak-passwords.ts).
 */
const password = v.pipe(
  text("password", PASSWORD_TYPED_MAX, { notText: message("Password is required"), tooLong: PASSWORD_TOO_LONG }),
  v.check((p) => nfcLength(p) <= PASSWORD_MAX, PASSWORD_TOO_LONG),
  v.check(
    (p) => nfcLength(p) >= PASSWORD_MIN,
    message("Password must be at least {min} characters", { min: PASSWORD_MIN }),
  ),
);

/** A name: trimmed, required, at most NAME_LENGTH_MAX characters. */
export const name = v.pipe(
  text("name", NAME_LENGTH_MAX, { notText: message("Name is required"), tooLong: message("Name is too long") }),
  v.trim(),
  v.nonEmpty(message("Name is required")),
);
/**
 * A username as it is stored (DESIGN §4): trimmed, Latin letters, digits, '_'
 * and '-' only, then lower-cased ("Annie" is kept as "annie"). The characters
 * are checked before lower-casing, so a Cyrillic «а» is refused, and so is a
 * letter of another script that lower-cases to a Latin one (the Kelvin sign).
 */
const username = v.pipe(
  text("username", USERNAME_MAX, {
    notText: message("Username is required"),
    tooLong: message("Username is too long"),
  }),
  v.trim(),
  v.nonEmpty(message("Username is required")),
  v.regex(new RegExp(`^${USERNAME_CHARS}$`), message("Username may hold Latin letters a-z, digits, '_' and '-' only")),
  v.toLowerCase(),
);

const DATE_OF_BIRTH_INVALID = message("Date of birth is not a valid date");

/**
 * YYYY-MM-DD, or a full ISO date-time of which only the date part is kept
 * (spec §3); empty or null clears it. A real day, in the years the
 * birth-date section answers for (auth/limits.ts), so it can always read it.
 */
export const dateOfBirth = v.pipe(
  v.nullish(text("dateOfBirth", DATE_TIME_TEXT_MAX, DATE_OF_BIRTH_INVALID), null),
  v.transform((s) => (s === "" ? null : s)),
  v.nullable(
    calendarDay(
      "dateOfBirth",
      { invalid: DATE_OF_BIRTH_INVALID },
      { years: { min: DATE_OF_BIRTH_YEAR_MIN, max: DATE_OF_BIRTH_YEAR_MAX }, dateTime: true },
    ),
  ),
);

export const LoginBody = v.object({
  email: v.pipe(
    // Refused before the throttle records it: a failed sign-in stores the address as a key.
    text("email", EMAIL_MAX, { notText: message("Email is required"), tooLong: message("Email is too long") }),
    v.trim(),
    v.nonEmpty(message("Email is required")),
    v.toLowerCase(),
  ),
  password: v.pipe(
    // As typed, whatever its form: NFC at most PASSWORD_MAX, so longer than PASSWORD_TYPED_MAX is no one's.
    text("password", PASSWORD_TYPED_MAX, {
      notText: message("Password is required"),
      tooLong: message("Invalid credentials"),
    }),
    v.nonEmpty(message("Password is required")),
  ),
  timeZone: v.optional(timeZone),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

const INVITE_INVALID = message("This invite link is not valid");
/** An invite link's token (auth/limits.ts): its exact length of base64url characters, or it is no one's. */
const inviteToken = v.pipe(
  text("invite", INVITE_TOKEN_LENGTH, { notText: INVITE_INVALID, tooLong: INVITE_INVALID }),
  v.regex(new RegExp(`^[A-Za-z0-9_-]{${INVITE_TOKEN_LENGTH}}$`), INVITE_INVALID),
);

/** A new account; `invite`, an invite link's token, lets it in where sign-up is closed (and is spent by it). */
export const RegisterBody = v.object({
  email,
  name,
  username,
  password,
  timeZone: v.optional(timeZone),
  invite: v.optional(inviteToken),
});
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

/** `GET /api/auth/signup`: whether the page may make an account, with the invite link's token if it holds one. */
export const SignupQuery = v.object({ invite: v.optional(inviteToken) });

/** An invite as `GET /api/auth/invites` lists it: when it was made, until when it lasts, when it was used. */
export interface InviteListed {
  id: number;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(
    // No password longer than PASSWORD_MAX in NFC was ever set, so one longer than it can be typed is not it.
    text("currentPassword", PASSWORD_TYPED_MAX, {
      notText: message("Current password is required"),
      tooLong: message("Current password is incorrect"),
    }),
    v.nonEmpty(message("Current password is required")),
  ),
  newPassword: password,
  /**
   * The account's passkeys go with the old password, in the same batch: one added by whoever held the old
   * password would otherwise still sign in. Off unless asked (the API's older clients and scripts).
   */
  removePasskeys: v.optional(v.boolean(), false),
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
  /**
   * The account's password, needed only when `email` is a new one (ASVS 6.2.x re-authentication: the
   * sign-in address is the account, and a session alone must not take it). Checked and throttled as
   * change-password's.
   */
  currentPassword: v.optional(
    text("currentPassword", PASSWORD_TYPED_MAX, {
      notText: message("Current password is required"),
      tooLong: message("Current password is incorrect"),
    }),
  ),
});
export type ProfileBody = v.InferOutput<typeof ProfileBody>;

/**
 * Leaving: `DELETE /api/user/account` takes the account's password. No account has a password
 * longer than PASSWORD_MAX in NFC, so one longer than it can be typed (PASSWORD_TYPED_MAX) is not it.
 */
export const DeleteAccountBody = v.object({
  password: v.pipe(
    text("password", PASSWORD_TYPED_MAX, {
      notText: message("Password is required"),
      tooLong: message("Password is incorrect"),
    }),
    v.nonEmpty(message("Password is required")),
  ),
});
export type DeleteAccountBody = v.InferOutput<typeof DeleteAccountBody>;

const SESSION_ID_WORDS = message("A session is named by its id");
/** `DELETE /api/auth/sessions/{id}`: a session's id as the list gives it. */
export const SessionIdParam = v.object({
  id: v.pipe(text("id", 64, SESSION_ID_WORDS), v.regex(/^[A-Za-z0-9_-]{1,64}$/, SESSION_ID_WORDS)),
});

/** A session of the account, as `GET /api/auth/sessions` lists it. */
export interface SessionListed {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The browser and system it signed in from, in words, or null when its User-Agent names none. */
  browser: string | null;
  system: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

/** A passkey's name, as the person gives it ("Phone", "YubiKey"): 1 to PASSKEY_NAME_MAX characters. */
export const PASSKEY_NAME_MAX = 64;
const PASSKEY_WORDS = message("The passkey's answer is not one this sign-in can read");
/** A base64url text of at most `max` characters (WebAuthn's binary fields, as the browser sends them). */
const b64 = (field: Parameters<typeof text>[0], max: number) =>
  v.pipe(text(field, max, PASSKEY_WORDS), v.regex(/^[A-Za-z0-9_-]*$/, PASSKEY_WORDS));
const transports = v.optional(
  v.pipe(v.array(text("transports", 32, PASSKEY_WORDS), PASSKEY_WORDS), v.maxLength(10, PASSKEY_WORDS)),
);
const credentialShell = {
  id: b64("id", 1024),
  rawId: b64("rawId", 1024),
  type: v.literal("public-key", PASSKEY_WORDS),
  clientExtensionResults: v.optional(
    v.pipe(v.record(text("clientExtensionResults", 64, PASSKEY_WORDS), v.unknown(), PASSKEY_WORDS)),
    {},
  ),
  authenticatorAttachment: v.optional(v.picklist(["platform", "cross-platform"], PASSKEY_WORDS)),
};

/**
 * `POST /api/auth/passkeys/register/options`: the account's current password, which adding a factor takes
 * (DESIGN §4: a session alone never adds one). Optional to the schema so that its absence is the route's
 * 401 with its own code, not a 400 of the form.
 */
export const PasskeyOptionsBody = v.object({
  currentPassword: v.optional(
    // As the other routes that take it: no password longer than PASSWORD_MAX in NFC was ever set, so one longer
    // than it can be typed (PASSWORD_TYPED_MAX, a decomposed form) is not it.
    text("currentPassword", PASSWORD_TYPED_MAX, {
      notText: message("Current password is required"),
      tooLong: message("Current password is incorrect"),
    }),
  ),
});
export type PasskeyOptionsBody = v.InferOutput<typeof PasskeyOptionsBody>;

/** `POST /api/auth/passkeys/register`: a new passkey's name and the browser's answer (RegistrationResponseJSON). */
export const PasskeyRegisterBody = v.object({
  name: v.pipe(
    text("name", PASSKEY_NAME_MAX, {
      notText: message("Name is required"),
      tooLong: message("A passkey's name is at most {max} characters", { max: PASSKEY_NAME_MAX }),
    }),
    v.trim(),
    v.nonEmpty(message("Name is required")),
  ),
  response: v.object(
    {
      ...credentialShell,
      response: v.object(
        {
          clientDataJSON: b64("clientDataJSON", 8192),
          attestationObject: b64("attestationObject", 65536),
          transports,
          authenticatorData: v.optional(b64("authenticatorData", 65536)),
          publicKey: v.optional(b64("publicKey", 8192)),
          // A COSE algorithm's number (-7 ES256, -257 RS256…).
          publicKeyAlgorithm: v.optional(
            v.pipe(
              v.number(PASSKEY_WORDS),
              v.integer(PASSKEY_WORDS),
              v.minValue(-65536, PASSKEY_WORDS),
              v.maxValue(65535, PASSKEY_WORDS),
            ),
          ),
        },
        PASSKEY_WORDS,
      ),
    },
    PASSKEY_WORDS,
  ),
});

/** `POST /api/auth/passkeys/login`: the browser's answer to the sign-in's challenge (AuthenticationResponseJSON). */
export const PasskeyLoginBody = v.object({
  response: v.object(
    {
      ...credentialShell,
      response: v.object(
        {
          clientDataJSON: b64("clientDataJSON", 8192),
          authenticatorData: b64("authenticatorData", 65536),
          signature: b64("signature", 4096),
          userHandle: v.optional(b64("userHandle", 1024)),
        },
        PASSKEY_WORDS,
      ),
    },
    PASSKEY_WORDS,
  ),
});

/** `DELETE /api/auth/passkeys/{id}`: a passkey's credential id. */
export const PasskeyIdParam = v.object({
  id: v.pipe(
    text("id", 1024, message("A passkey is named by its id")),
    v.regex(/^[A-Za-z0-9_-]{1,1024}$/, message("A passkey is named by its id")),
  ),
});

/** A passkey as the profile lists it. */
export interface PasskeyListed {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
