import { accountKey } from "@nook/ui/account";
import { ApiError } from "@nook/ui/api";
import { readStored, writeStored } from "@nook/ui/stored";
import { remindersApi } from "./reminders-api.ts";

/**
 * Where this browser stands with Web Push: it can get reminders ("on"), or it could not be signed up and why —
 * the person refused or blocked notifications ("denied"), the browser has no Push API or no service worker
 * ("unsupported"), the server has no push keys (the key route's 503, "unconfigured"), or the service worker
 * never became ready ("no-worker").
 */
export type PushOutcome =
  | { state: "on"; id: number }
  | { state: "denied" }
  | { state: "unsupported" }
  | { state: "unconfigured" }
  | { state: "no-worker" };

/** Whether this browser has what Web Push needs: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof PushManager !== "undefined" &&
    typeof Notification !== "undefined"
  );
}

/** The notifications' permission as the browser holds it now, or "unsupported"; never asks. */
export function permissionNow(): NotificationPermission | "unsupported" {
  return pushSupported() ? Notification.permission : "unsupported";
}

/** This device's subscription as the API knows it (its id), kept per account. */
const DEVICE_KEY = "reminders-device";
const parseDevice = (x: unknown) =>
  typeof x === "object" && x !== null && typeof (x as { id?: unknown }).id === "number"
    ? (x as { id: number; endpoint: string; lang?: "en" | "ru" })
    : undefined;

/** The id under which the API lists this device, when this browser signed up for this account. */
export function thisDeviceId(): number | null {
  return readStored(accountKey(DEVICE_KEY), parseDevice, undefined)?.id ?? null;
}

/** The public key's bytes from its base64url text (the applicationServerKey a subscription asks for). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text
    .replaceAll("-", "+")
    .replaceAll("_", "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const raw = atob(b64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser and system in words ("Chrome on Android"), the device's name in the list; undefined when unknown. */
export function deviceName(userAgent: string): string | undefined {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /(Chrome|Chromium|HeadlessChrome)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux|CrOS/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? undefined;
}

/** The service worker's registration, or null when none is ready within `ms` (none registered: a dev server). */
function readyWithin(ms: number): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}

/**
 * Signs this browser up for the account's reminders: asks for the permission (first of all, while the click
 * that turned a reminder on still counts as the person's), then subscribes the service worker's push manager
 * with the API's public key and sends the subscription, with the page's language (`lang`), which the
 * reminders this device gets are written in. Called only when a person turns a reminder on. An
 * answer other than the key route's 503 (no network, a refusal) is thrown as an ApiError.
 */
export async function enablePush(lang: "en" | "ru"): Promise<PushOutcome> {
  if (!pushSupported()) return { state: "unsupported" };
  const permission =
    Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission !== "granted") return { state: "denied" };
  let publicKey: string;
  try {
    ({ publicKey } = await remindersApi.key());
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) return { state: "unconfigured" };
    throw err;
  }
  const registration = await readyWithin(10_000);
  if (!registration) return { state: "no-worker" };
  let subscription: PushSubscription;
  try {
    const key = base64UrlBytes(publicKey);
    const existing = await registration.pushManager.getSubscription();
    // A subscription made with another key (the server's keys changed) is replaced.
    const sameKey =
      existing?.options.applicationServerKey &&
      new Uint8Array(existing.options.applicationServerKey).every((b, i) => b === key[i]);
    if (existing && !sameKey) await existing.unsubscribe();
    subscription =
      existing && sameKey
        ? existing
        : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    // The browser's own refusal (notifications blocked at the subscription, or no push service reachable).
    if (err instanceof DOMException && err.name === "NotAllowedError") return { state: "denied" };
    throw err;
  }
  const json = subscription.toJSON();
  const device = deviceName(navigator.userAgent);
  const { id } = await remindersApi.subscribe({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    ...(device ? { device } : {}),
    // The language its reminders are written in: this page's.
    lang,
  });
  writeStored(accountKey(DEVICE_KEY), { id, endpoint: subscription.endpoint, lang });
  return { state: "on", id };
}

/**
 * When this device gets the account's reminders in another language than the page's now (the site's language
 * was changed since it signed up), sends its subscription again with `lang`, so its reminders follow; never asks
 * for a permission, and does nothing when the browser's subscription is not the one kept.
 */
export async function syncDeviceLang(lang: "en" | "ru"): Promise<void> {
  const kept = readStored(accountKey(DEVICE_KEY), parseDevice, undefined);
  if (!kept || (kept.lang ?? "en") === lang || permissionNow() !== "granted") return;
  const registration = await readyWithin(2_000);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription || subscription.endpoint !== kept.endpoint) return;
  const json = subscription.toJSON();
  const device = deviceName(navigator.userAgent);
  const { id } = await remindersApi.subscribe({
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
    ...(device ? { device } : {}),
    lang,
  });
  writeStored(accountKey(DEVICE_KEY), { id, endpoint: subscription.endpoint, lang });
}

/** Removes a device from the account's; this device's also stops its browser's subscription. */
export async function removeDevice(id: number): Promise<void> {
  await remindersApi.removeDevice(id);
  if (id !== thisDeviceId()) return;
  writeStored(accountKey(DEVICE_KEY), undefined);
  if (!pushSupported()) return;
  const registration = await readyWithin(2_000);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
