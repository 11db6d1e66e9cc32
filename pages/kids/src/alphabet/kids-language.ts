/** The kids' language (Alphabet and Numbers share it): which one, kept in the browser, and its words on demand. */
import { useLingui } from "@lingui/react";
import { retryableImport } from "@nook/ui/retryable-import";
import { useStored } from "@nook/ui/stored";
import { useData } from "@nook/ui/use-data";
import type { LanguageWords } from "./words/types.ts";

export const KIDS_LANGUAGES = ["en", "ru", "pl", "be"] as const;
export type KidsLanguage = (typeof KIDS_LANGUAGES)[number];

export const isKidsLanguage = (value: unknown): value is KidsLanguage =>
  (KIDS_LANGUAGES as readonly unknown[]).includes(value);

const STORAGE_KEY = "kids-language";

// Each language is its own chunk, off the site's first load and fetched when first chosen.
const modules: Record<KidsLanguage, () => Promise<LanguageWords>> = {
  en: retryableImport(
    () => import("./words/words-en.ts"),
    (m) => m.en,
  ),
  ru: retryableImport(
    () => import("./words/words-ru.ts"),
    (m) => m.ru,
  ),
  pl: retryableImport(
    () => import("./words/words-pl.ts"),
    (m) => m.pl,
  ),
  be: retryableImport(
    () => import("./words/words-be.ts"),
    (m) => m.be,
  ),
};

export const loadWords = (language: KidsLanguage): Promise<LanguageWords> => modules[language]();

const parseLanguage = (raw: unknown) => (isKidsLanguage(raw) ? raw : undefined);

/** The kids' language: the one chosen before (kept in the browser), else the interface's. */
export function useKidsLanguage(): [KidsLanguage, (language: KidsLanguage) => void] {
  const { i18n } = useLingui();
  const [saved, choose] = useStored<KidsLanguage | null>(STORAGE_KEY, parseLanguage, null);
  return [saved ?? (isKidsLanguage(i18n.locale) ? i18n.locale : "en"), choose];
}

export type WordsState =
  | { status: "loading" }
  | { status: "failed"; retry: () => void }
  | { status: "ready"; words: LanguageWords };

/** A language's words, loaded on demand (useData: back to a language loaded before, its words at once); a failed load can be tried again. */
export function useLanguageWords(language: KidsLanguage): WordsState {
  const { data, error, retry } = useData(`kids/words/${language}`, () => loadWords(language), { immutable: true });
  if (data !== undefined) return { status: "ready", words: data };
  return error === undefined ? { status: "loading" } : { status: "failed", retry };
}
