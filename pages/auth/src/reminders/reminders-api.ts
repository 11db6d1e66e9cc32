import { DEFAULT_REMINDERS, type PushSubscriptionBody, type ReminderSettings } from "@nook/shared/push/schemas";
import { accountFetch, ok } from "@nook/ui/api";
import { announcing } from "@nook/ui/writes";
import type { ClientResponse } from "hono/client";

// The contract's types are the server's own (packages/shared/src/push/schemas.ts).
export type { PushSubscriptionBody, ReminderSettings };
export { DEFAULT_REMINDERS };

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
