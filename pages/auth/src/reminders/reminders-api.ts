import { accountFetch, ok } from "@nook/ui/api";
import { announcing } from "@nook/ui/writes";
import type { ClientResponse } from "hono/client";

// The types below mirror the contract of issue 53 (packages/shared/src/push/schemas.ts on the server's branch:
// ReminderSettings, DEFAULT_REMINDERS, the subscription's body). Once both branches are merged, these give way to
// the shared types, and the calls below to the typed client (`api.push…`, `api.reminders…`).

/** A wall time in the profile's zone, "HH:MM". */
export type ClockTime = string;

/** GET and PUT /api/reminders: the whole settings; off is null or false. */
export interface ReminderSettings {
  /** "How was today?" at this time, skipped when today's mood is logged. */
  daily: { time: ClockTime } | null;
  /** Streaks at risk, at this evening time, for these streaks items (their ids). */
  streaks: { time: ClockTime; items: number[] } | null;
  birthdays: boolean;
  deadlines: boolean;
  events: boolean;
  /** No reminder between these times (over midnight when `to` is before `from`). */
  quiet: { from: ClockTime; to: ClockTime } | null;
}

/** Every reminder off: the settings of an account that never set any. */
export const DEFAULT_REMINDERS: ReminderSettings = {
  daily: null,
  streaks: null,
  birthdays: false,
  deadlines: false,
  events: false,
  quiet: null,
};

/** POST /api/push/subscriptions: the browser's subscription, and the device's name in words. */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  device?: string;
}

/** A device of the account's as GET /api/push/subscriptions lists it, newest first; "" when it sent no name. */
export interface PushDevice {
  id: number;
  device: string | null;
  createdAt: string;
}

/**
 * The API client's fetch (api.ts): as the page's account, a write named with it and announced to the site's
 * other tabs. Relative paths: every site calls /api on its own origin.
 */
const send = announcing(accountFetch((input, init) => fetch(input, init)));

/** One call: its success body, or an ApiError with the server's words (`ok`). */
function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "include" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  return ok(send(path, init) as unknown as Promise<ClientResponse<T, 200, "json">>) as Promise<T>;
}

/** The push and reminders calls of the contract; each returns its success body or throws an ApiError. */
export const remindersApi = {
  key: () => call<{ publicKey: string }>("GET", "/api/push/key"),
  subscribe: (json: PushSubscriptionBody) => call<{ id: number }>("POST", "/api/push/subscriptions", json),
  devices: () => call<PushDevice[]>("GET", "/api/push/subscriptions"),
  removeDevice: (id: number) => call<{ id: number }>("DELETE", `/api/push/subscriptions/${id}`),
  settings: () => call<ReminderSettings>("GET", "/api/reminders"),
  save: (json: ReminderSettings) => call<ReminderSettings>("PUT", "/api/reminders", json),
};
