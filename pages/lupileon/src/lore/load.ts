import { retryableImport } from "@nook/ui/retryable-import";
import type { Lore } from "./types.ts";

// Each language is its own chunk, fetched when the Stars mode first needs it — never in the site's first load.
const loaders = {
  en: retryableImport(
    () => import("./lore.en.ts"),
    (m) => m.lore,
  ),
  ru: retryableImport(
    () => import("./lore.ru.ts"),
    (m) => m.lore,
  ),
} satisfies Record<string, () => Promise<Lore>>;

/** The zodiac lore in the UI language (English for any other). */
export function loadLore(locale: string): Promise<Lore> {
  return locale === "ru" ? loaders.ru() : loaders.en();
}
