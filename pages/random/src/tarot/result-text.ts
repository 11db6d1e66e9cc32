import { DRAW_PARAM } from "@nook/shared/random/saved-draws";

/** What a draw says in words: for the history (spec 2 §3) and for the journal entry it becomes (DESIGN §5). */

/** After a reversed card's name, in the history and the journal text (spec 2 §3). */
export const REVERSED_MARK = " (R)";

export interface ReadCard {
  /** In the language of the draw. */
  name: string;
  reversed: boolean;
  /** The first line of what the card says, the way it fell (upright or reversed). */
  gist?: string;
}

export function markedName(name: string, reversed: boolean): string {
  return reversed ? `${name}${REVERSED_MARK}` : name;
}

/**
 * The journal text of a draw: the cards on one line, as in the history
 * ("Three of Cups, The Moon (R), Ace of Swords"), then a line per card with its gist.
 */
export function resultText(cards: readonly ReadCard[]): string {
  const names = cards.map((c) => markedName(c.name, c.reversed));
  const gists = cards.flatMap((c, i) => (c.gist ? [`${names[i]} — ${c.gist}`] : []));
  return gists.length ? `${names.join(", ")}\n\n${gists.join("\n")}` : names.join(", ");
}

/**
 * The journal's new-entry form, prefilled with the text and the tarot prompt
 * (its tag), naming the draw (saved-draws.ts) so the journal can say once it is saved.
 */
export function journalEntryUrl(journalOrigin: string, text: string, draw: string): string {
  return `${journalOrigin}/?prompt=tarot&text=${encodeURIComponent(text)}&${DRAW_PARAM}=${encodeURIComponent(draw)}#new-entry`;
}
