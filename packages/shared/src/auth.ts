import * as v from "valibot";
import { ACCENT_COLORS } from "./accent-colors.ts";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = v.pipe(
  v.string("Email is required"),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(254, "Email is too long"),
  v.email("Email is not valid"),
  v.toLowerCase(),
);
const password = v.pipe(
  v.string("Password is required"),
  v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
);
const name = v.pipe(
  v.string("Name is required"),
  v.trim(),
  v.nonEmpty("Name is required"),
  v.maxLength(100, "Name is too long"),
);
const username = v.pipe(
  v.string("Username is required"),
  v.trim(),
  v.nonEmpty("Username is required"),
  v.maxLength(40, "Username is too long"),
  v.regex(/^[\p{L}\p{N}_.-]+$/u, "Username may hold letters, digits, '.', '_' and '-' only"),
);

/** A valid IANA time zone name, as the browser reports it. */
export const timeZone = v.pipe(
  v.string(),
  v.maxLength(64),
  v.check((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone"),
);

/** YYYY-MM-DD, or a full ISO date-time of which only the date part is kept (spec §3). */
export const dateOfBirth = v.pipe(
  v.nullish(v.string(), null),
  v.transform((s) => (s === null || s.trim() === "" ? null : s.trim().slice(0, 10))),
  v.check(
    (s) => s === null || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s + "T00:00:00Z"))),
    "Date of birth is not a valid date",
  ),
);

export const LoginBody = v.object({
  email: v.pipe(v.string("Email is required"), v.trim(), v.nonEmpty("Email is required"), v.toLowerCase()),
  password: v.pipe(
    v.string("Password is required"),
    v.nonEmpty("Password is required"),
    v.maxLength(PASSWORD_MAX, "Invalid credentials"),
  ),
  timeZone: v.optional(timeZone),
});
export type LoginBody = v.InferOutput<typeof LoginBody>;

export const RegisterBody = v.object({ email, name, username, password, timeZone: v.optional(timeZone) });
export type RegisterBody = v.InferOutput<typeof RegisterBody>;

export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(v.string("Current password is required"), v.nonEmpty("Current password is required")),
  newPassword: password,
});
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBody>;

export const ProfileBody = v.object({
  email,
  name,
  username,
  dateOfBirth,
  accentColor: v.picklist(ACCENT_COLORS, `Accent colour must be one of ${ACCENT_COLORS.join(", ")}`),
  timeZone: v.optional(timeZone),
});
export type ProfileBody = v.InferOutput<typeof ProfileBody>;

/** "currentPassword" → "Current password". */
function fieldName(key: string) {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first issue of a failed parse, in words a person can act on. */
export function firstIssueMessage(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid input";
  const key = issue.path?.map((p) => String(p.key)).join(".");
  if (key && issue.input === undefined) return `${fieldName(key)} is required`;
  // valibot's own default messages are technical; name the field when we fall back to them.
  if (issue.message.startsWith("Invalid ")) return key ? `${fieldName(key)}: ${issue.message}` : issue.message;
  return issue.message;
}
