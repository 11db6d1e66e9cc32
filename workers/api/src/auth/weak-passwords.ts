import { type ApiMessage, message } from "@nook/shared/common/messages";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords people should not use (OWASP ASVS 5.0 6.2.4 and 6.2.11), refused at sign-up, at a change and
 * by the CLI (scripts/user.ts):
 *   - the COMMON_PASSWORDS most common ones, from zxcvbn-ts's list (ordered by how often they were found in
 *     breaches: `123456`, `password`, `12345678`, `qwerty`…), compared lower-cased;
 *   - any holding a word of the account's own: the e-mail's name (before the @), the username, or "nook",
 *     compared lower-cased, each of at least CONTEXT_WORD_MIN characters (shorter ones are in too many
 *     good passwords to refuse them).
 * The list is the Worker's alone: no site loads it.
 */
export const COMMON_PASSWORDS = 10_000;
const CONTEXT_WORD_MIN = 3;

let common: Set<string> | null = null;
/** The list as a set, made on first use (a Worker that never checks a password never builds it). */
function commonSet(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS).map((p) => p.toLowerCase()));
  return common;
}

/** Why a password is refused, or null: the account's e-mail and username give its own words. */
export function weakPassword(password: string, account: { email: string; username: string }): ApiMessage | null {
  const lower = password.toLowerCase();
  if (commonSet().has(lower)) return message("This password is one of the most common ones: choose another");
  const words = [account.email.split("@")[0] ?? "", account.username, "nook"].map((w) => w.trim().toLowerCase());
  if (words.some((w) => w.length >= CONTEXT_WORD_MIN && lower.includes(w)))
    return message("A password cannot hold your e-mail's name, your username or “nook”: choose another");
  return null;
}
