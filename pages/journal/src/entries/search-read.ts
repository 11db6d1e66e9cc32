import { normalizeTagName } from "@nook/shared/common/tags";
import { ENTRY_TAGS_MAX, SEARCH_WORDS_MAX } from "@nook/shared/journal/limits";
import type { EntrySearch } from "./search.ts";

// The search box read (search.ts keeps the search itself): loaded by the entries' list only while it searches.

/**
 * The box's text as tokens, split on spaces, except that a tag may hold spaces (`@ada lovelace`, which "Write
 * about" on Today writes for Ada Lovelace): a tag in quotes (`#"two words"`, `@"ada lovelace"`, `!"…"`) is
 * one token, and so is one of `known` (the user's tag names) written out with its spaces — the longest that
 * matches, so `@ada lovelace coffee` is the tag `@ada lovelace` and the word `coffee`.
 */
export function boxTokens(q: string, known: readonly string[] = []): string[] {
  const parts = q.trim().split(/\s+/).filter(Boolean);
  const spaced = new Set(known.filter((name) => name.includes(" ")).map(normalizeTagName));
  const longest = Math.max(0, ...[...spaced].map((name) => name.split(" ").length));
  const tokens: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const lead = part.match(/^!?#?@?/)?.[0] ?? "";
    if (!lead) {
      tokens.push(part);
      continue;
    }
    const rest = part.slice(lead.length);
    if (rest.startsWith('"')) {
      // Quoted: up to the part that ends the quote (or the box's end).
      let j = i;
      while (j < parts.length - 1 && !(j === i ? rest.length > 1 && rest.endsWith('"') : parts[j]?.endsWith('"'))) j++;
      const text = [rest, ...parts.slice(i + 1, j + 1)].join(" ").replace(/^"|"$/g, "");
      tokens.push(lead + text);
      i = j;
      continue;
    }
    // A known tag with spaces, as many parts as make the longest one.
    const name = (k: number) =>
      normalizeTagName(lead.replace(/^!?#?/, "") + [rest, ...parts.slice(i + 1, i + k)].join(" "));
    let taken = 1;
    for (let k = Math.min(longest, parts.length - i); k > 1; k--)
      if (spaced.has(name(k))) {
        taken = k;
        break;
      }
    tokens.push([part, ...parts.slice(i + 1, i + taken)].join(" "));
    i += taken - 1;
  }
  return tokens;
}

/** The box's text read: its words (marked in the results) and its tags (`known`: the user's tag names). */
export function readBox(
  q: string,
  known: readonly string[] = [],
): { words: string[]; tags: { name: string; not: boolean }[] } {
  const words: string[] = [];
  const tags: { name: string; not: boolean }[] = [];
  for (const token of boxTokens(q, known)) {
    const not = token.startsWith("!");
    const rest = not ? token.slice(1) : token;
    if (not || rest.startsWith("#") || rest.startsWith("@")) {
      const name = normalizeTagName(rest.startsWith("#") ? rest.slice(1) : rest);
      if (name && tags.length < ENTRY_TAGS_MAX) tags.push({ name, not });
    } else if (words.length < SEARCH_WORDS_MAX) words.push(token);
  }
  return { words, tags };
}

/** The API's query for a search (GET /api/journal/entries): its words as `q`, each tag a `tag`, the filters. */
export function searchQuery(s: EntrySearch, known: readonly string[] = []): Record<string, string | string[]> {
  const { words, tags } = readBox(s.q, known);
  const query: Record<string, string | string[]> = {};
  if (words.length) query.q = words.join(" ");
  if (tags.length) query.tag = tags.map((t) => (t.not ? `!${t.name}` : t.name));
  for (const field of ["from", "to", "moodMin", "moodMax", "metric"] as const)
    if (s[field].trim()) query[field] = s[field].trim();
  if (s.metric.trim()) for (const field of ["min", "max"] as const) if (s[field].trim()) query[field] = s[field].trim();
  return query;
}
