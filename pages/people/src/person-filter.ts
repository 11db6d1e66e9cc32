/** What the filter box reads of a person. */
export interface Filterable {
  name: string;
  email: string;
  tags: readonly { name: string }[];
}

/** Lower-cased with accents and other marks dropped, so 'jose' finds 'José' and 'елка' finds 'Ёлка'. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The filter box: every word typed is found somewhere in the person's name,
 * e-mail or tags ('ada @math' finds Ada tagged '@math'); nothing typed finds everyone.
 */
export function matchesFilter(person: Filterable, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  // One text per field, joined by a line break: no word typed holds one, so none matches across two fields.
  const haystack = foldText([person.name, person.email, ...person.tags.map((t) => t.name)].join("\n"));
  return words.every((word) => haystack.includes(word));
}
