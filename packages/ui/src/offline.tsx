import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { readerTimeZone } from "./api.ts";
import { useSavedCopyTime } from "./use-data.ts";

/**
 * Offline and updates, said in the shell: the network's state as
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

/**
 * What still works on this site with no network: the site's own words, given
 * by its App.tsx as `stillWorksOffline` (so each site's catalog holds only
 * its own); a site that names none keeps what is on screen and what is typed.
 */
let stillWorks: MessageDescriptor = msg`What you have seen stays readable, and what you type is kept in this browser; saving needs the network.`;

/** Set once at start by mountSite, from the site's App.tsx. */
export function setStillWorksOffline(words: MessageDescriptor | undefined) {
  if (words) stillWorks = words;
}

/** Said above the page while the browser is offline: that it is, and what still works here. */
export function OfflineBanner() {
  const { i18n } = useLingui();
  if (useOnline()) return null;
  return (
    <section className="offline-banner" role="status" data-testid="offline-banner">
      <strong>
        <Trans>Offline</Trans>
      </strong>{" "}
      {i18n._(stillWorks)}
    </section>
  );
}

/**
 * Said above the page while a screen shows saved copies (the network failed: use-data.ts): what is shown is
 * as it was when saved, not now. The oldest copy's time, in the reader's zone.
 */
export function SavedCopyNotice() {
  const { i18n } = useLingui();
  const at = useSavedCopyTime();
  if (at === undefined) return null;
  const time = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: readerTimeZone(),
  }).format(at);
  return (
    <p className="saved-copy muted" role="status" data-testid="saved-copy">
      <Trans>Saved copy from {time}</Trans>
    </p>
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
