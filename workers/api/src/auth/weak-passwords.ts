import { type ApiMessage, message } from "@nook/shared/common/messages";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords people should not use (OWASP ASVS 5.0 6.2.4 and 6.2.11), refused at sign-up, at a change and
 * by the CLI (scripts/user.ts):
 *   - the COMMON_PASSWORDS most common ones, from zxcvbn-ts's list (ordered by how often they were found in
 *     breaches: `123456`, `password`, `12345678`, `qwerty`…), compared lower-cased;
 *   - any holding a word of the account's own: the e-mail's name (before the @), the username, or "nook",
 *     compared lower-cased, each of at least CONTEXT_WORD_MIN characters (shorter ones are in too many
 *     good passwords to refuse them);
 *   - one of only whitespace or invisible characters (eight spaces).
 * Each is compared in `comparedForm`, so `pass\u200Bword`, `pass\u00ADword` and `"password "` are refused as
 * `password` is. The form is for these checks alone: what is hashed is the password as typed, in NFC
 * (password.ts).
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

/**
 * What the checks compare, for a password and for the account's words alike: NFKC (a full-width or other
 * compatibility letter reads as the letter it is), without format characters (Unicode Cf: zero-width space,
 * joiners, soft hyphen, BOM, direction marks) or other default-ignorable ones (a variation selector, a Hangul
 * filler), each run of whitespace one space, trimmed, lower-cased.
 */
export function comparedForm(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim()
    .toLowerCase();
}

/** Why a password is refused, or null: the account's e-mail and username give its own words. */
export function weakPassword(password: string, account: { email: string; username: string }): ApiMessage | null {
  const lower = comparedForm(password);
  if (lower === "") return message("A password cannot be only spaces or invisible characters");
  if (commonSet().has(lower)) return message("This password is one of the most common ones: choose another");
  const words = [account.email.split("@")[0] ?? "", account.username, "nook"].map(comparedForm);
  if (words.some((w) => w.length >= CONTEXT_WORD_MIN && lower.includes(w)))
    return message("A password cannot hold your e-mail's name, your username or “nook”: choose another");
  return null;
}
