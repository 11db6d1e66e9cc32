import { useLoaded } from "@nook/ui/use-loaded";
import { loadLore } from "./load.ts";

/** The lore in the UI language, loaded on demand and again when the language changes; `retry` after a failure. */
export const useLore = (locale: string) => useLoaded("lupileon/lore", loadLore, locale);
