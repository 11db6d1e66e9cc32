import type { ServerCode } from "@nook/shared/common/messages";
import { accountKey } from "./account.ts";
import { ApiError } from "./api.ts";
import { readStored, writeStored } from "./stored.ts";

/**
 * One `Idempotency-Key` per thing a person does, kept across its retries: a
 * create whose answer was lost (the server wrote it, the page heard nothing)
 * and is pressed again sends the key of the first press, and the server
 * answers with what the first made instead of making a second. The key is
 * the action's while its body stays the same and it has not succeeded; a
 * success, or a changed body, starts a new one (two people of the same name,
 * added one after the other, are two). Kept in the browser for the account,
 * so a retry after a reload is still the same action.
 */
const STORE = "nook-write-keys";
/** Keys kept at most (the oldest go first), and for at most the server's lifetime of a key (30 days). */
const MAX_KEPT = 50;
const KEPT_MS = 30 * 24 * 3600_000;

interface Kept {
  body: string;
  key: string;
  at: number;
}
type Keys = Record<string, Kept>;

function parseKeys(raw: unknown): Keys | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const keys: Keys = {};
  for (const [action, k] of Object.entries(raw as Record<string, Partial<Kept>>))
    if (typeof k?.body === "string" && typeof k.key === "string" && typeof k.at === "number") keys[action] = k as Kept;
  return keys;
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key of `action` with this body: the kept one while the body is the same, else a new one, kept. */
export function actionKey(action: string, body: unknown, now = Date.now()): string {
  const text = JSON.stringify(body ?? null);
  const keys = readStored(accountKey(STORE), parseKeys, {});
  const kept = keys[action];
  if (kept && kept.body === text && now - kept.at < KEPT_MS) return kept.key;
  const key = newKey();
  const fresh = Object.entries({ ...keys, [action]: { body: text, key, at: now } })
    .filter(([, k]) => now - k.at < KEPT_MS)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_KEPT);
  writeStored(accountKey(STORE), Object.fromEntries(fresh));
  return key;
}

/** The action succeeded: its next press is a new one. */
export function actionDone(action: string) {
  const keys = readStored(accountKey(STORE), parseKeys, {});
  if (!(action in keys)) return;
  delete keys[action];
  writeStored(accountKey(STORE), keys);
}

/**
 * The pauses before each try again of a keyed write whose answer did not come: three tries in all, about
 * 2 s, before its failure is said. Short, as the person waits on a busy button; the key stays for a later press.
 */
const RETRY_PAUSES_MS: readonly number[] = [500, 1500];

/** The server's "the first request with this key is still in progress" (a 409 worth waiting for). */
const IN_FLIGHT: ServerCode = "platform.idempotencyKeyInFlight";

/**
 * Whether a failed try is sent again with its key: no answer came (the server may have written it; the
 * key makes a second send answer with the first's result), or one that says "later" — a 5xx (the server
 * gives the key up, so it runs anew), 408, 429, or the key's first request still running. Any other
 * answer is the server's word, final at once. With the browser sure it is offline, a try again in a
 * second cannot go either: the failure is said at once, and the key kept for the next press.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  if (status === 0) return typeof navigator === "undefined" || navigator.onLine !== false;
  return status >= 500 || status === 408 || status === 429 || (status === 409 && error.code === IN_FLIGHT);
}

/**
 * Sends a create with its action's key (`send` gets the headers to add) and, once it succeeded, lets the key
 * go. A try with no answer, or one the server asks to be tried again (`worthRetrying`), is sent again with
 * the same key after a short pause (RETRY_PAUSES_MS), twice at most: a lost answer of a write the server made
 * is answered from the key (`Idempotent-Replayed`), a success like any other, so the page says it saved
 * and no second write is made. Its caller's button stays busy meanwhile (useSubmit). A failure that stands
 * keeps the key for the next press.
 *   create: (json) => keyedWrite("people/create", json, (headers) => ok(api.people.$post({ json }, { headers })))
 */
export async function keyedWrite<T>(
  action: string,
  body: unknown,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  // Read once: every try carries the same key, whatever another tab does with the kept ones meanwhile.
  const headers = { "Idempotency-Key": actionKey(action, body) };
  for (let tried = 0; ; tried++) {
    try {
      const result = await send({ ...headers });
      actionDone(action);
      return result;
    } catch (error) {
      const pause = RETRY_PAUSES_MS[tried];
      if (pause === undefined || !worthRetrying(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
