/** Cookie names of the browser preferences (spec §3) and the logo gate flag. */
export const THEME_COOKIE = "preferred-theme";
export const LOCALE_COOKIE = "locale";
export const LOGO_SEEN_COOKIE = "logo-seen";
export const COOKIE_MAX_AGE = 31_536_000;

export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];
export const LOCALES = ["en", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * A Set-Cookie-style string for document.cookie: one year, path /, SameSite Lax, on `domain` (the suite's root,
 * `siteCookieDomain` in sites.ts) or host-only without one.
 */
export function preferenceCookie(name: string, value: string, domain: string | undefined): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${COOKIE_MAX_AGE}; Path=/; SameSite=Lax${domain ? `; Domain=${domain}` : ""}`;
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The cookie's theme, else the system preference, else dark (spec §9). */
export function resolveTheme(cookie: string | undefined, systemPrefersLight: boolean): Theme {
  if (cookie === "dark" || cookie === "light") return cookie;
  return systemPrefersLight ? "light" : "dark";
}

export function resolveLocale(cookie: string | undefined): Locale {
  return cookie === "ru" || cookie === "en" ? cookie : DEFAULT_LOCALE;
}
