import {
  LOCALE_COOKIE,
  LOGO_SEEN_COOKIE,
  type Locale,
  preferenceCookie,
  readCookie,
  resolveLocale,
  resolveTheme,
  THEME_COOKIE,
  type Theme,
} from "@nook/shared/common/preferences";
import { siteCookieDomain } from "@nook/shared/common/sites";
import { SITE } from "./site.ts";

export function cookie(name: string): string | undefined {
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string) {
  // One synchronous write on the root domain (this site's host without its label); the Cookie Store API is not
  // in every browser we serve.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = preferenceCookie(name, value, siteCookieDomain(SITE, location.host));
}

export function currentTheme(): Theme {
  return resolveTheme(cookie(THEME_COOKIE), matchMedia("(prefers-color-scheme: light)").matches);
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  // The browser's bar (an installed app's title bar) in the theme's background, as pages/public/theme.js sets it first.
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute("content", theme === "light" ? "#f6f5f2" : "#14161a");
}

export function saveTheme(theme: Theme) {
  setCookie(THEME_COOKIE, theme);
  applyTheme(theme);
}

export function currentLocale(): Locale {
  return resolveLocale(cookie(LOCALE_COOKIE));
}

export function saveLocale(locale: Locale) {
  setCookie(LOCALE_COOKIE, locale);
}

export function logoSeen(): boolean {
  return cookie(LOGO_SEEN_COOKIE) === "1";
}

export function markLogoSeen() {
  setCookie(LOGO_SEEN_COOKIE, "1");
}
