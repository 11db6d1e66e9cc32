import { useLingui } from "@lingui/react";
import { useEffect } from "react";
import { PRODUCT_NAME, SITE, SITE_NAMES } from "./site.ts";

/** Spec §2: the product name, prefixed by the capitalised section name and a pipe off the root. */
export function usePageTitle() {
  const { i18n } = useLingui();
  useEffect(() => {
    if (SITE === "root") {
      document.title = PRODUCT_NAME;
      return;
    }
    const name = i18n._(SITE_NAMES[SITE]);
    document.title = `${name.charAt(0).toLocaleUpperCase(i18n.locale)}${name.slice(1)} | ${PRODUCT_NAME}`;
  }, [i18n]);
}
