import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { SITE, type SiteName } from "./site.ts";

/**
 * Offline and updates, said in the shell (issue 28): the network's state as
 * the browser tells it, and a new version waiting to be loaded.
 */
function subscribeOnline(listener: () => void) {
  addEventListener("online", listener);
  addEventListener("offline", listener);
  return () => {
    removeEventListener("online", listener);
    removeEventListener("offline", listener);
  };
}

/** Whether the browser has a network: false when it knows it has none. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** What still works on each site with no network; the sites not named keep what is on screen and what is typed. */
const STILL_WORKS: Partial<Record<SiteName, MessageDescriptor>> = {
  root: msg`Everything here works offline.`,
  kids: msg`Everything here works offline.`,
  journal: msg`New entries, the timer and the runner keep working: what you write waits in this browser and is sent when you are back online.`,
  random: msg`Dice and tarot keep working; random numbers from the service need the network.`,
  lupileon: msg`What is on screen stays; new answers need the network.`,
};
const KEEPS_TYPED = msg`What is on screen stays, and what you type is kept in this browser; saving needs the network.`;

/** Said above the page while the browser is offline: that it is, and what still works here. */
export function OfflineBanner() {
  const { i18n } = useLingui();
  if (useOnline()) return null;
  return (
    <section className="offline-banner" role="status" data-testid="offline-banner">
      <strong>
        <Trans>Offline</Trans>
      </strong>{" "}
      {i18n._(STILL_WORKS[SITE] ?? KEEPS_TYPED)}
    </section>
  );
}

let applyUpdate: (() => void) | null = null;
const updateListeners = new Set<() => void>();

/** Called by the service worker's registration when a new version waits (sw-register.ts). */
export function announceUpdate(apply: () => void) {
  applyUpdate = apply;
  for (const listener of updateListeners) listener();
}

function subscribeUpdate(listener: () => void) {
  updateListeners.add(listener);
  return () => updateListeners.delete(listener);
}

/** "A new version is ready — reload": shown once a new version's worker waits; Reload moves the page to it. */
export function UpdatePrompt() {
  const apply = useSyncExternalStore(
    subscribeUpdate,
    () => applyUpdate,
    () => null,
  );
  if (!apply) return null;
  return (
    <section className="update-prompt" role="status" data-testid="update-prompt">
      <span>
        <Trans>A new version is ready — reload</Trans>
      </span>
      <button className="button button-small" type="button" onClick={apply}>
        <Trans>Reload</Trans>
      </button>
    </section>
  );
}

/** Registers the site's service worker once the page is idle, in a chunk of its own; a browser without one goes on as before. */
export function startServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const start = () =>
    import("./sw-register.ts")
      .then((m) => m.registerServiceWorker(announceUpdate))
      .catch((err: unknown) => console.warn("No service worker:", err));
  if ("requestIdleCallback" in window) requestIdleCallback(() => void start(), { timeout: 3000 });
  else setTimeout(() => void start(), 1000);
}
