import type { Lore } from "./types.ts";

// Each language is its own chunk, fetched when the Stars mode first needs it — never in the site's first load.
const loaders = {
  en: () => import("./lore.en.ts"),
  ru: () => import("./lore.ru.ts"),
} satisfies Record<string, () => Promise<{ lore: Lore }>>;

/** The zodiac lore in the UI language (English for any other). */
export async function loadLore(locale: string): Promise<Lore> {
  const load = locale === "ru" ? loaders.ru : loaders.en;
  return (await load()).lore;
}
