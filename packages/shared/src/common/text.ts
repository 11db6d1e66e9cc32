/**
 * What a text may hold, without valibot (the contracts' `text()` in
 * validation.ts is built on these; a site's form may use them too).
 */

/** An unpaired surrogate: with the u flag a pair reads as one code point, so only a lone half is in Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a text is well-formed UTF-16, as `String.prototype.isWellFormed`
 * says (ES2024, not in every browser yet): no unpaired surrogate, which
 * storage and the wire would turn into U+FFFD unseen.
 */
export function isWellFormedText(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Whether a one-line text is free of C0 control characters (U+0000–U+001F), tab and line breaks included. */
export function isOneLineText(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 0x20) return false;
  return true;
}

/** Whether a text of several lines is free of C0 control characters but tab, line feed and carriage return. */
export function isMultiLineText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== TAB && c !== LINE_FEED && c !== CARRIAGE_RETURN) return false;
  }
  return true;
}
