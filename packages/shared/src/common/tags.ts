/**
 * The one rule for a tag's name, shared by the API's schema and every tag
 * input: trimmed, lower-cased, inner white space collapsed to single spaces.
 */
export function normalizeTagName(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, " ");
}

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
