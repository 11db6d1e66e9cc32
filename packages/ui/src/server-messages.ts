import { i18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { CodedMessage, MessageArgs, SERVER_MESSAGES, ServerCode } from "@nook/shared/common/messages";
import type { Locale } from "@nook/shared/common/preferences";
import { addCatalog } from "./i18n.tsx";

/**
 * The server's messages in the reader's language. Their catalog
 * (packages/ui/locales/server/messages.{locale}.po: the English from the
 * API's registry, packages/shared/src/common/messages.ts) is its own chunk, in
 * no site's first load: `ok()` loads it before it throws, and every site
 * prefetches it when the browser is first idle, so showing a message —
 * the API's or a form's own check with the shared schemas' words — stays
 * synchronous.
 */
const CATALOGS = {
  en: () => import("../locales/server/messages.en.po"),
  ru: () => import("../locales/server/messages.ru.po"),
};
const loadCatalog = (locale: Locale) => CATALOGS[locale]();

let loading: Promise<void> | null = null;

/** Loads the server catalog into the active locale and every one switched to later; a failed load is tried again next time. */
export function loadServerMessages(): Promise<void> {
  loading ??= addCatalog(loadCatalog).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Loads the server catalog once the browser is idle (after the first render). */
export function prefetchServerMessages(): void {
  const load = () => void loadServerMessages().catch(() => {});
  if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 1);
}

/** Days in a message are calendar days: written in the reader's locale, never shifted by their zone. */
const FORMATS = { utcDay: { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" } } as const;

/**
 * A server message in the reader's language, from its code and values: the
 * field's name translated too, numbers and days in the reader's locale.
 * `english` is shown while the catalog is not loaded or does not know the
 * code (a newer API than this page).
 */
export function serverText(said: CodedMessage, english: string): string {
  if (!Object.hasOwn(i18n.messages, said.code)) return english;
  const values: Record<string, string | number> = { ...said.values };
  // A row's refusal (rowRefused) names its reason by code, the reason's values beside: the reason written first.
  const reason = said.code === "import.rowRefused" ? values.reason : undefined;
  if (typeof reason === "string" && reason !== said.code && Object.hasOwn(i18n.messages, reason))
    values.reason = serverText({ code: reason as ServerCode, values: said.values }, reason);
  const fieldId = `field.${values.field}`;
  if (typeof values.field === "string" && Object.hasOwn(i18n.messages, fieldId)) values.field = i18n._(fieldId);
  return i18n._(said.code, values, { formats: FORMATS });
}

type Filled<C extends ServerCode> = MessageArgs<(typeof SERVER_MESSAGES)[C]>;

/**
 * A registered message by its code, in the reader's language: a form's own
 * check in the API's words (the journal's '!' tag, an empty title), so the
 * reader sees the same text either way. It names the code, not the English,
 * so the registry's texts stay out of the first load; the catalog is
 * prefetched at the first idle moment after mount, before anyone can type,
 * and until then (or if it failed to load) the code itself is shown.
 */
export function messageText<C extends ServerCode>(code: C, ...values: Filled<C>): string {
  if (!Object.hasOwn(i18n.messages, code)) void loadServerMessages().catch(() => {});
  return serverText({ code, values: values[0] ?? {} }, code);
}

/** `messageText` once the server catalog is loaded: for a form's submit, which can wait that long. */
export async function loadedMessageText<C extends ServerCode>(code: C, ...values: Filled<C>): Promise<string> {
  await loadServerMessages().catch(() => {});
  return messageText(code, ...values);
}

/**
 * For a component that writes a registered message as it renders
 * (`messageText`: a form's refusal kept by what it is, not by its words; a
 * title): renders it again once the server catalog is in — `messageText`
 * starts loading it when it is not — and after a switch of language, so a
 * refusal made before the catalog came is written in words, in the reader's
 * language, and never stays its code.
 */
export function useServerMessages(): void {
  // Lingui's context is renewed on every load of messages and every switch of language.
  useLingui();
}
