import { Trans, useLingui } from "@lingui/react/macro";
import { isLocalHost } from "@nook/shared/common/cookie-domain";
import type { Theme } from "@nook/shared/common/preferences";
import { useEffect, useState } from "react";
import { useAuth } from "./auth.tsx";
import { useLocale } from "./i18n.tsx";
import { MoonIcon, PersonIcon, SunIcon } from "./icons.tsx";
import { LogoMark } from "./logo.tsx";
import { originOf, PRODUCT_NAME, SITE, SITE_NAMES, type SiteName } from "./site.ts";

/** Spec §9: the language label shows for 2 s after a switch. */
export const LANGUAGE_LABEL_MS = 2000;

/** `site`: the bundle's own (SITE); another only in a component test, which serves no site of its own. */
export function Header({
  theme,
  onToggleTheme,
  site = SITE,
}: {
  theme: Theme;
  onToggleTheme(): void;
  site?: SiteName;
}) {
  const { t, i18n } = useLingui();
  const { state } = useAuth();
  const { locale, setLocale } = useLocale();
  const [languageLabel, setLanguageLabel] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: locale restarts the 2 s when the language is switched again while the label shows
  useEffect(() => {
    if (!languageLabel) return;
    const timer = setTimeout(() => setLanguageLabel(false), LANGUAGE_LABEL_MS);
    return () => clearTimeout(timer);
  }, [languageLabel, locale]);

  const signedIn = state.status === "authenticated";
  const userName = signedIn ? state.user.name : "";
  const profileHref = `${originOf("auth")}/${signedIn ? "profile" : "login"}`;
  return (
    <header className="header">
      <button
        type="button"
        className="header-logo"
        data-testid="logo"
        onClick={onToggleTheme}
        // Named by the product, not "logo": a name containing "go" would shadow the login's 'Go' button.
        aria-label={
          theme === "dark"
            ? t`${PRODUCT_NAME}: switch to the light theme`
            : t`${PRODUCT_NAME}: switch to the dark theme`
        }
      >
        <LogoMark size={30} />
      </button>
      {site === "root" ? (
        <span className="header-site" />
      ) : (
        <a className="header-site" href={`${originOf("root")}/`}>
          {i18n._(SITE_NAMES[site]).toLocaleUpperCase(locale)}
        </a>
      )}
      {isLocalHost(location.host) && (
        <span className="badge" data-testid="local-badge">
          <Trans>Local</Trans>
        </span>
      )}
      <span className="header-gap" />
      <span className="header-language">
        {languageLabel && (
          <span className="language-label" role="status">
            {locale === "ru" ? "Русский" : "English"}
          </span>
        )}
        <button
          type="button"
          className="icon-button"
          data-testid="lang-toggle"
          aria-label={t`Language: ${locale}`}
          onClick={async () => {
            await setLocale(locale === "en" ? "ru" : "en");
            setLanguageLabel(true);
          }}
        >
          {locale}
        </button>
      </span>
      <button
        type="button"
        className="icon-button"
        data-testid="theme-toggle"
        aria-label={theme === "dark" ? t`Switch to the light theme` : t`Switch to the dark theme`}
        onClick={onToggleTheme}
      >
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </button>
      {/* The name shows from 1024 px; below, only the icon, so the link always carries its own name. */}
      <a
        className="profile-link"
        data-testid="profile-link"
        href={profileHref}
        aria-label={signedIn ? t`Profile: ${userName}` : state.status === "anonymous" ? t`Sign in` : t`Profile`}
      >
        <PersonIcon />
        <span className="profile-name" dir="auto">
          {signedIn ? userName : state.status === "anonymous" ? <Trans>Sign in</Trans> : ""}
        </span>
      </a>
    </header>
  );
}
