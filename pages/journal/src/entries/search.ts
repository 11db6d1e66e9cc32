import { normalizeTagName } from "@nook/shared/common/tags";
import { ENTRY_TAGS_MAX, SEARCH_TEXT_MAX, SEARCH_WORDS_MAX } from "@nook/shared/journal/limits";

/**
 * A search of the entries as the page keeps it: the box's text — words, `#tag` (entries with it), `@person`
 * (a person's tag), `!tag` or `!#tag` (entries without it) — and the filters beside it. All of it lives in the
 * address (`?q=…&from=…`), so a search survives a reload and can be shared as a link.
 */
export interface EntrySearch {
  q: string;
  from: string;
  to: string;
  moodMin: string;
  moodMax: string;
  metric: string;
  min: string;
  max: string;
}

export const NO_SEARCH: EntrySearch = {
  q: "",
  from: "",
  to: "",
  moodMin: "",
  moodMax: "",
  metric: "",
  min: "",
  max: "",
};
const FIELDS = Object.keys(NO_SEARCH) as (keyof EntrySearch)[];

export function searchFromUrl(search: string): EntrySearch {
  const params = new URLSearchParams(search);
  const s = { ...NO_SEARCH };
  for (const field of FIELDS) s[field] = (params.get(field) ?? "").slice(0, field === "q" ? SEARCH_TEXT_MAX : 64);
  return s;
}

/** The address's query with the search in it (empty fields left out), other parameters kept. */
export function searchToUrl(s: EntrySearch, search: string): string {
  const params = new URLSearchParams(search);
  for (const field of FIELDS) {
    const value = s[field].trim();
    if (value) params.set(field, value);
    else params.delete(field);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const isSearching = (s: EntrySearch) => FIELDS.some((f) => s[f].trim() !== "");

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

/**
 * A text cut where the search's words are found (case-insensitive in any script), for the results to mark
 * them: the parts in order, `mark` on the found ones. Plain strings: the page renders them as text.
 */
export function markWords(text: string, words: string[]): { text: string; mark: boolean }[] {
  const wanted = words.filter((w) => w.length > 0);
  if (!wanted.length || !text) return [{ text, mark: false }];
  const escaped = [...wanted].sort((a, b) => b.length - a.length).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(${escaped.join("|")})`, "giu");
  // A split on a captured pattern alternates: what lies between, a match, what lies between, …
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, mark: i % 2 === 1 }))
    .filter((part) => part.text !== "");
}
