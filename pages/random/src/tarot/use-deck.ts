import { useLoaded } from "@nook/ui/use-loaded";
import { loadDeck } from "./deck.ts";

/** The deck's texts in the UI language, loaded on demand and again when the language changes; `retry` after a failure. */
export const useDeck = (locale: string) => useLoaded("random/deck", loadDeck, locale);
