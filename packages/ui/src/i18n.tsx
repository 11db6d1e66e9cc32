import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Locale } from "@nook/shared/common/preferences";
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { currentLocale, saveLocale } from "./preferences.ts";

export type CatalogLoader = (locale: Locale) => Promise<{ messages: Messages }>;

/** Further catalogs (a lazy screen's strings, the server's messages), loaded into every locale switched to. */
const further = new Set<CatalogLoader>();

/**
 * Loads a further catalog into the active locale, and into every locale the
 * reader switches to later; resolves once its messages can be shown.
 * `load` should be a module-level function (it is remembered by identity).
 */
export async function addCatalog(load: CatalogLoader): Promise<void> {
  further.add(load);
  const locale = i18n.locale as Locale;
  const { messages } = await load(locale);
  i18n.load(locale, messages);
}

/** The page's language: `<html lang>`, and the manifest an install takes (named in that language). */
function setDocumentLocale(locale: Locale) {
  document.documentElement.lang = locale;
  document.querySelector('link[rel="manifest"]')?.setAttribute("href", `/manifest.${locale}.webmanifest`);
}

/** Loads and activates the saved locale's catalog before the first render. */
export async function bootI18n(load: CatalogLoader): Promise<Locale> {
  const locale = currentLocale();
  const { messages } = await load(locale);
  i18n.loadAndActivate({ locale, messages });
  setDocumentLocale(locale);
  return locale;
}

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): Promise<void>;
}
const LocaleContext = createContext<LocaleState | null>(null);

export function LocaleProvider({
  load,
  initial,
  children,
}: {
  load: CatalogLoader;
  initial: Locale;
  children: ReactNode;
}) {
  const [locale, setState] = useState(initial);
  const setLocale = useCallback(
    async (next: Locale) => {
      const [{ messages }, ...others] = await Promise.all([load(next), ...[...further].map((l) => l(next))]);
      i18n.load(next, Object.assign({}, messages, ...others.map((o) => o.messages)));
      i18n.activate(next);
      saveLocale(next);
      setDocumentLocale(next);
      setState(next);
    },
    [load],
  );
  return (
    <LocaleContext value={{ locale, setLocale }}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error("useLocale outside LocaleProvider");
  return state;
}
