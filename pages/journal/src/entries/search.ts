import { SEARCH_TEXT_MAX } from "@nook/shared/journal/limits";

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
