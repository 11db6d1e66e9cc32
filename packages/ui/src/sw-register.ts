/**
 * The site's service worker (built by vite-plugin-pwa into /sw.js: the site's
 * files precached, so it opens offline after one visit). A chunk of its own,
 * loaded after the first render: Workbox's window half stays off the first load.
 *
 * A new version's worker installs beside the running one and waits; the page
 * is told (`onUpdate`) and the reader reloads when they choose, so old and new
 * files never mix in one page.
 */
import { Workbox } from "workbox-window";

/** Registers /sw.js; `onUpdate` gets the function that moves the page to the waiting version. */
export async function registerServiceWorker(onUpdate: (apply: () => void) => void): Promise<void> {
  const wb = new Workbox("/sw.js");
  // Every open tab of the site hears of the waiting version and shows the prompt.
  wb.addEventListener("waiting", () => {
    onUpdate(() => {
      void navigator.serviceWorker.getRegistration().then((registration) => {
        // Another tab's Reload already made it the active one: this tab only has to load it.
        if (!registration?.waiting) return location.reload();
        // The new worker takes over, then the page reloads on it.
        wb.addEventListener("controlling", () => location.reload());
        wb.messageSkipWaiting();
      });
    });
  });
  // The new version active (this tab's Reload or another's): a tab no one is looking at loads it now — what
  // was typed is kept in the browser (drafts) — so it never runs old code whose lazy screens are gone.
  wb.addEventListener("activated", (event) => {
    if ((event.isUpdate || event.isExternal) && document.visibilityState === "hidden") location.reload();
  });
  await wb.register();
  // A tab kept open for days still hears of a new version: asked again whenever it is shown.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void wb.update().catch(() => {});
  });
}
