import { clickTarget, type NotificationData, notificationOf, parsePayload } from "./notification.ts";

// The auth site's service worker's push half: Workbox's generated sw.js loads this file (importScripts,
// pages/vite.config.ts), built from here into one classic script. The program's types are the page's (DOM),
// so the worker's few events are declared here as the Push API and Notifications API define them.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly action: string;
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const here = { site: "auth" as const, protocol: worker.location.protocol, host: worker.location.host };

worker.addEventListener("push", (event) => {
  // A push must show something (userVisibleOnly): one that is not a reminder's shows the product's name.
  const payload = parsePayload(event.data?.text()) ?? {
    kind: "test" as const,
    title: "Nook",
    body: "",
    url: `${worker.location.origin}/reminders`,
  };
  const { title, options } = notificationOf(payload);
  event.waitUntil(worker.registration.showNotification(title, options as NotificationOptions));
});

worker.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = clickTarget(event.action, event.notification.data as NotificationData | null, here);
  event.waitUntil(openOrFocus(url));
});

/** Focuses a window already at `url` (this worker sees its own site's windows only), else opens one. */
async function openOrFocus(url: string) {
  const open = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = open.find((client) => client.url === url);
  if (same) return same.focus();
  return worker.clients.openWindow(url);
}
