/**
 * The one rule for a tag's name, shared by the API's schema and every tag
 * input: trimmed, lower-cased, inner white space collapsed to single spaces.
 */
export function normalizeTagName(raw: string): string {
  // NFC first: "é" typed as e and a combining accent is the one tag "é".
  return raw.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");
}

/**
 * Characters that are invisible or turn the text's direction (Unicode's format characters, bar the
 * zero-width joiner that emoji sequences are made of): a tag holding one looks like another tag (`t\u200b`
 * shows as `t`) or reorders what follows it, so no tag may hold one.
 */
export const INVISIBLE_OR_BIDI =
  /[\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;

/** A leading '!' negates a tag in filters (spec 1 §5), so no tag's name may start with it. */
export const NEGATION = "!";

export function startsWithNegation(name: string): boolean {
  return name.startsWith(NEGATION);
}

/** Tags as typed: the name rule above; a leading '!' negates (in filters). */
export function normalizeTag(raw: string): { name: string; not: boolean } | null {
  let text = raw.trim();
  const not = text.startsWith("!");
  if (not) text = text.slice(1);
  const name = normalizeTagName(text);
  return name ? { name, not } : null;
}

export const TAG_SUGGESTIONS_MAX = 10;

/**
 * Suggestions for a tag input (spec §5): known tags containing the typed text
 * (lower-cased substring), in the order given (most used first), minus the
 * chosen ones, at most 10. With `allowNegation`, '!run' suggests '!running'.
 */
export function suggestTags(
  input: string,
  known: readonly string[],
  chosen: readonly string[],
  options: { allowNegation?: boolean; max?: number } = {},
): string[] {
  const typed = normalizeTag(input);
  const max = options.max ?? TAG_SUGGESTIONS_MAX;
  const negate = Boolean(options.allowNegation && typed?.not);
  const needle = typed?.name ?? "";
  const taken = new Set(chosen.map((c) => c.replace(/^!/, "")));
  const out: string[] = [];
  for (const tag of known) {
    if (out.length >= max) break;
    if (taken.has(tag) || !tag.includes(needle)) continue;
    out.push(negate ? `!${tag}` : tag);
  }
  return out;
}
