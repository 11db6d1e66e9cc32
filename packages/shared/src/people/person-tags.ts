import { normalizeTagName } from "../common/tags.ts";

/** A person's tags begin with this, so the journal can tell them apart (tags-for-people-sorted). */
export const PERSON_TAG_PREFIX = "@";

/**
 * Spec 2 §5: a person's tag is lower-cased and given a leading '@' if
 * missing (the journal's tag rule first: trimmed, inner spaces collapsed);
 * an empty one — '', '  ', a lone '@' — is null.
 */
export function normalizePersonTag(raw: string): string | null {
  const name = normalizeTagName(raw);
  const bare = name.startsWith(PERSON_TAG_PREFIX) ? name.slice(PERSON_TAG_PREFIX.length).trim() : name;
  return bare ? `${PERSON_TAG_PREFIX}${bare}` : null;
}

/** A list of typed tags, normalised, empties dropped, each once, in the order first typed. */
export function normalizePersonTags(raw: readonly string[]): string[] {
  const out = new Set<string>();
  for (const r of raw) {
    const tag = normalizePersonTag(r);
    if (tag) out.add(tag);
  }
  return [...out];
}
