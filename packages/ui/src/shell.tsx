import { i18n, type MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import type { Theme } from "@nook/shared/common/preferences";
import { type ComponentType, lazy, StrictMode, Suspense, useState } from "react";
import { createRoot } from "react-dom/client";
import { applyAccent, rememberedAccent } from "./accent.ts";
import { watchAccount } from "./account.ts";
import { AuthProvider, settleAccount } from "./auth.tsx";
import { Header } from "./header.tsx";
import { bootI18n, type CatalogLoader, LocaleProvider } from "./i18n.tsx";
import { OfflineBanner, SavedCopyNotice, setStillWorksOffline, startServiceWorker, UpdatePrompt } from "./offline.tsx";
import { pageTitle, usePageTitle } from "./page-title.ts";
import { applyTheme, currentTheme, logoSeen, saveTheme } from "./preferences.ts";
import { SITE } from "./site.ts";
import { ToastProvider } from "./toasts.tsx";
import { useZoneMismatch } from "./zone-due.ts";
import { ZoneNotice } from "./zone-notice.tsx";
import "./styles.css";

// Shown once per browser: its own chunk, off every site's first load.
const LogoGate = lazy(() => import("./logo-gate.tsx").then((m) => ({ default: m.LogoGate })));

/** Said when this browser's zone is not the profile's (zone-due.ts decides). */
function ZoneNoticeWhenDue() {
  const { mismatch, keep } = useZoneMismatch();
  return mismatch ? <ZoneNotice mismatch={mismatch} onKeep={keep} /> : null;
}

/**
 * Pages a stranger is sent to by link, which open at once: the logo gate greets a person arriving at Nook,
 * not a donor opening someone's public donation page, who would meet a bare logo with no words.
 */
export function opensWithoutGate(site: string, path: string): boolean {
  return site === "donate" && path.startsWith("/u/");
}

function Shell({ App }: { App: ComponentType }) {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const [entered, setEntered] = useState(() => logoSeen() || opensWithoutGate(SITE, location.pathname));
  usePageTitle();
  const toggleTheme = () => {
    const next = theme === "dark" ? "light" : "dark";
    saveTheme(next);
    setTheme(next);
  };
  if (!entered)
    return (
      <Suspense fallback={null}>
        <LogoGate onEnter={() => setEntered(true)} />
      </Suspense>
    );
  return (
    <>
      {/* The first Tab stop of every page: past the header, to the page's own content (its first field). */}
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header theme={theme} onToggleTheme={toggleTheme} />
      <main className="main" id="main" tabIndex={-1}>
        <UpdatePrompt />
        <OfflineBanner />
        <SavedCopyNotice />
        <ZoneNoticeWhenDue />
        <App />
      </main>
    </>
  );
}

/**
 * Starts a site: theme, catalog, then the shell (header, toasts, auth) around its App;
 * `stillWorksOffline`: what the Offline banner says still works on it (offline.tsx).
 */
export async function mountSite(App: ComponentType, loadCatalog: CatalogLoader, stillWorksOffline?: MessageDescriptor) {
  setStillWorksOffline(stillWorksOffline);
  // First of all: a tab that another tab's sign-in, sign-out or switch reaches starts again as the browser's
  // account, and a site opened after one keeps nothing of anyone else (account.ts, auth.tsx).
  watchAccount();
  const settled = settleAccount();
  applyTheme(currentTheme());
  applyAccent(rememberedAccent());
  const [locale] = await Promise.all([bootI18n(loadCatalog), settled]);
  document.title = pageTitle(i18n);
  const root = document.getElementById("root");
  if (!root) throw new Error("pages/index.html has no #root");
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider load={loadCatalog} initial={locale}>
        <AuthProvider>
          <ToastProvider>
            <Shell App={App} />
          </ToastProvider>
        </AuthProvider>
      </LocaleProvider>
    </StrictMode>,
  );
  startServiceWorker();
}
