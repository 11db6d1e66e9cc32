import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

/**
 * For the component tests (*.browser.test.tsx, the `browser` project): a component rendered into the test's
 * page under Lingui with a catalog activated, as a site's shell does; the test reads it through
 * `page` from vitest/browser, whose expect.element waits for React's render.
 */
let mounted: { root: Root; host: HTMLElement } | undefined;

export function renderInPage(ui: ReactNode, locale: "en" | "ru", messages: Messages): HTMLElement {
  unmountPage();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  root.render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
  mounted = { root, host };
  return host;
}

/** Removes what renderInPage put in the page (each test starts from an empty body). */
export function unmountPage() {
  if (!mounted) return;
  mounted.root.unmount();
  mounted.host.remove();
  mounted = undefined;
}
