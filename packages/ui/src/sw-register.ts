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
  wb.addEventListener("waiting", () => {
    onUpdate(() => {
      // The new worker takes over, then the page reloads on it.
      wb.addEventListener("controlling", () => location.reload());
      wb.messageSkipWaiting();
    });
  });
  await wb.register();
  // A tab kept open for days still hears of a new version: asked again whenever it is shown.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void wb.update().catch(() => {});
  });
}
