import { createStore, del, set, type UseStore, values } from "idb-keyval";
import { useSyncExternalStore } from "react";
import { ApiError } from "./api.ts";
import { loadServerMessages } from "./server-messages.ts";
import { invalidate } from "./use-data.ts";
import { announcing } from "./writes.ts";

/**
 * Writes that survive a bad network (issue 28): a write is kept in this
 * browser (IndexedDB) before it is sent, and sent again — in the order it was
 * made, one at a time, with the same `Idempotency-Key` — until the server
 * answers it. A 2xx removes it; a refusal (a 4xx other than 401, 408, 409 and
 * 429) keeps it as "not saved", with the server's words, until the person
 * discards it; anything else (no network, 5xx, 401, 408, 409, 429) leaves it
 * waiting, tried again when the network is back, the page is shown again, or
 * its backoff timer runs out. One tab sends at a time (a Web Lock); the others
 * hear of every change (a BroadcastChannel).
 */

export type QueuedState = "waiting" | "refused" | "sent";

export interface QueuedWrite {
  /** The order it was made in (sorts as text): also its IndexedDB key. */
  key: string;
  /** Made by this browser, sent as the `Idempotency-Key` header: the server writes it once. */
  id: string;
  method: "POST" | "PUT";
  /** The API path on the site's own origin, e.g. "/api/journal/entries". */
  path: string;
  body: unknown;
  /** What it is, for the screen that shows it ("entry", "run", "timer"). */
  kind: string;
  /** The screen's own note (which run it sends, …). */
  meta?: Record<string, string | number>;
  /** The data key (use-data) read again once it is sent. */
  invalidates?: string;
  /** Kept after it is sent, with the server's answer, until `acknowledge` (a screen wants the result). */
  keepResult?: boolean;
  createdAt: number;
  state: QueuedState;
  /** Attempts so far. */
  tries: number;
  /** Refused: the server's status and words (its message code and values when it named one). */
  refusal?: { status: number; message: string | null; code: string | null; values: Record<string, string | number> };
  /** Sent (with keepResult): the server's answer. */
  result?: unknown;
}

export interface QueueSnapshot {
  /** Every kept write, oldest first. */
  items: readonly QueuedWrite[];
  /** The last attempt was answered 401: the person must sign in again before anything is sent. */
  signedOut: boolean;
}

/** How the first attempt of a write went. */
export type Outcome =
  | { state: "sent"; result: unknown }
  | { state: "waiting"; item: QueuedWrite }
  | { state: "refused"; item: QueuedWrite; error: ApiError };

const CHANNEL = "nook-queue";
/** A sent result nobody acknowledged is dropped after this long. */
const KEEP_SENT_MS = 7 * 24 * 3600_000;
const BACKOFF_MIN_MS = 2000;
const BACKOFF_MAX_MS = 60_000;
/** The server's "the first request with this key is still in progress" (a 409 worth waiting for). */
const IN_FLIGHT = "platform.idempotencyKeyInFlight";

let store: UseStore | undefined;
const db = () => {
  store ??= createStore("nook-queue", "writes");
  return store;
};

let snapshot: QueueSnapshot = { items: [], signedOut: false };
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;
/** What this tab's own sends answered, by id: for `enqueue`'s outcome. */
const answers = new Map<string, Outcome>();

function broadcast() {
  channel?.postMessage("changed");
}

/** Reads the kept writes again and tells the hooks. */
async function refresh(): Promise<readonly QueuedWrite[]> {
  let items: QueuedWrite[];
  try {
    items = (await values<QueuedWrite>(db())).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } catch (err) {
    console.error("Offline queue: could not read the kept writes", err);
    return snapshot.items;
  }
  const old = Date.now() - KEEP_SENT_MS;
  for (const item of items) if (item.state === "sent" && item.createdAt < old) void del(item.key, db());
  snapshot = { ...snapshot, items: items.filter((i) => i.state !== "sent" || i.createdAt >= old) };
  for (const listener of listeners) listener();
  return snapshot.items;
}

const setSignedOut = (signedOut: boolean) => {
  if (snapshot.signedOut === signedOut) return;
  snapshot = { ...snapshot, signedOut };
  for (const listener of listeners) listener();
};

const send = announcing((input, init) => fetch(input, init));
let order = 0;

function uuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The server's refusal as an ApiError (its words in the reader's language once the catalog is loaded). */
export function refusalError(item: QueuedWrite): ApiError {
  const r = item.refusal;
  if (!r) return new ApiError(0, null);
  return new ApiError(r.status, r.message, r.code && r.message ? { code: r.code as never, values: r.values } : null);
}

/** One attempt: "stop" leaves this and every later write waiting (tried again later). */
async function attempt(item: QueuedWrite): Promise<"next" | "stop" | "signed-out"> {
  let res: Response;
  try {
    res = await send(`${location.origin}${item.path}`, {
      method: item.method,
      credentials: "include",
      headers: { "Content-Type": "application/json", "Idempotency-Key": item.id },
      body: JSON.stringify(item.body),
    });
  } catch {
    await set(item.key, { ...item, tries: item.tries + 1 }, db());
    return "stop";
  }
  type Answer = { message?: unknown; error?: unknown; code?: unknown; values?: unknown } | null;
  const body = await res.json().then(
    (json) => json as Answer,
    () => null,
  );
  if (res.ok) {
    answers.set(item.id, { state: "sent", result: body });
    // Kept as sent, with the answer, while the lists read it again: a screen shows the kept row until its list
    // holds the written one, so it neither blinks out nor shows twice.
    await set(item.key, { ...item, state: "sent", result: body, tries: item.tries + 1 }, db());
    if (item.invalidates) {
      await refresh();
      await invalidate(item.invalidates).catch(() => {});
    }
    if (!item.keepResult) await del(item.key, db());
    return "next";
  }
  const code = typeof body?.code === "string" ? body.code : null;
  const retry =
    res.status >= 500 ||
    res.status === 401 ||
    res.status === 408 ||
    res.status === 429 ||
    // A conflict of the key (the first request still in progress) is waited for; another conflict (the timer
    // already saved, say) will not change by waiting.
    (res.status === 409 && (code === null || code === IN_FLIGHT));
  if (retry) {
    await set(item.key, { ...item, tries: item.tries + 1 }, db());
    return res.status === 401 ? "signed-out" : "stop";
  }
  const text = body?.message ?? body?.error;
  const values =
    typeof body?.values === "object" && body.values !== null ? (body.values as Record<string, string | number>) : {};
  const refused: QueuedWrite = {
    ...item,
    state: "refused",
    tries: item.tries + 1,
    refusal: { status: res.status, message: typeof text === "string" ? text : null, code, values },
  };
  if (code) await loadServerMessages().catch(() => {});
  await set(item.key, refused, db());
  answers.set(item.id, { state: "refused", item: refused, error: refusalError(refused) });
  return "next";
}

let backoff = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends what waits, oldest first, until one cannot go. Says whether anything still waits for the network. */
async function drain(): Promise<boolean> {
  for (;;) {
    const items = await refresh();
    const next = items.find((i) => i.state === "waiting");
    if (!next) return false;
    const step = await attempt(next);
    await refresh();
    broadcast();
    setSignedOut(step === "signed-out");
    if (step !== "next") return true;
  }
}

let running: Promise<void> | null = null;
let again = false;

/** Sends the waiting writes now (one tab at a time); resolves once this try is over. */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let waiting = false;
    do {
      again = false;
      try {
        waiting =
          typeof navigator !== "undefined" && navigator.locks
            ? await navigator.locks.request(CHANNEL, drain)
            : await drain();
      } catch (err) {
        console.error("Offline queue: could not send", err);
        waiting = true;
      }
    } while (again);
    clearTimeout(timer);
    timer = undefined;
    if (waiting) {
      // Tried again later, sooner at first: 2 s, 4 s, … up to a minute, each a little off so tabs spread out.
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** backoff) * (0.8 + Math.random() * 0.4);
      backoff = Math.min(backoff + 1, 10);
      timer = setTimeout(() => void flush(), delay);
    } else backoff = 0;
  })().finally(() => {
    running = null;
  });
  return running;
}

let started = false;

/** Starts the triggers (once a page): sends on load, when the network is back, and when the page is shown again. */
export function startQueue() {
  if (started || typeof window === "undefined" || typeof indexedDB === "undefined") return;
  started = true;
  channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
  if (channel) channel.onmessage = () => void refresh();
  const now = () => {
    backoff = 0;
    void flush();
  };
  addEventListener("online", now);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") now();
  });
  void flush();
}

/**
 * Keeps a write and sends it (after any older one still waiting). Resolves once it is kept, with how its
 * first attempt went (`outcome`); a failure to keep it (no IndexedDB) rejects, and nothing was sent.
 */
export async function enqueue(write: {
  method: "POST" | "PUT";
  path: string;
  body: unknown;
  kind: string;
  meta?: Record<string, string | number>;
  invalidates?: string;
  keepResult?: boolean;
}): Promise<{ item: QueuedWrite; outcome: Promise<Outcome> }> {
  startQueue();
  const createdAt = Date.now();
  const item: QueuedWrite = {
    ...write,
    key: `${String(createdAt).padStart(15, "0")}-${String(order++).padStart(6, "0")}-${uuid()}`,
    id: uuid(),
    createdAt,
    state: "waiting",
    tries: 0,
  };
  await set(item.key, item, db());
  await refresh();
  broadcast();
  const outcome = (async (): Promise<Outcome> => {
    backoff = 0;
    await flush();
    const answered = answers.get(item.id);
    answers.delete(item.id);
    if (answered) return answered;
    const kept = snapshot.items.find((i) => i.id === item.id);
    if (!kept) return { state: "sent", result: null };
    if (kept.state === "refused") return { state: "refused", item: kept, error: refusalError(kept) };
    if (kept.state === "sent") return { state: "sent", result: kept.result };
    return { state: "waiting", item: kept };
  })();
  return { item, outcome };
}

/** Forgets a write: a refused one the person discards, or a sent one whose result was taken. */
export async function discard(item: QueuedWrite) {
  await del(item.key, db());
  await refresh();
  broadcast();
}

/** The kept writes as last read, outside React. */
export const queuedWrites = () => snapshot.items;

/** The kept writes (waiting, refused, and sent ones kept for their result), oldest first. */
export function useQueue(): QueueSnapshot {
  return useSyncExternalStore(subscribe, read, read);
}

const read = () => snapshot;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    startQueue();
    void refresh();
  }
  return () => listeners.delete(listener);
}
