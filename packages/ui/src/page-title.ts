import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { PRODUCT_NAME, SITE, SITE_NAMES } from "./site.ts";

/** Spec §2: the product name, prefixed by the capitalised section name and a pipe off the root. */
export function pageTitle(i18n: I18n): string {
  if (SITE === "root") return PRODUCT_NAME;
  const name = i18n._(SITE_NAMES[SITE]);
  return `${name.charAt(0).toLocaleUpperCase(i18n.locale)}${name.slice(1)} | ${PRODUCT_NAME}`;
}

/** Keeps document.title in the current language. */
export function usePageTitle() {
  const { i18n } = useLingui();
  useEffect(() => {
    document.title = pageTitle(i18n);
  }, [i18n]);
}
