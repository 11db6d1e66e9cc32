import { siteCookieDomain } from "@nook/shared/common/sites";
import { useSyncExternalStore } from "react";
import { accountHeaders, browserAccount, noticeSwitch, startAccount } from "./account.ts";
import { ApiError } from "./api.ts";
import { checkedUserId, onUserChecked } from "./auth.tsx";
import { loadServerMessages } from "./server-messages.ts";
import { SITE } from "./site.ts";
import { invalidate } from "./use-data.ts";
import { announcing } from "./writes.ts";

/**
 * Writes that survive a bad network: a write is kept in this
 * browser (IndexedDB) before it is sent, and sent again — in the order it was
 * made, one at a time, with the same `Idempotency-Key` — until the server
 * answers it. A 2xx removes it; a refusal (a 4xx other than 401, 408, 409 and
 * 429) keeps it as "not saved", with the server's words, until the person
 * discards it; anything else (no network, 5xx, 401, 408, 409, 429) leaves it
 * waiting, tried again when the network is back, the page is shown again, or
 * its backoff timer runs out. One tab sends at a time (a Web Lock); the others
 * hear of every change (a BroadcastChannel).
 *
 * This module is what a screen needs at first paint (the kept writes, a
 * hook); the sending, and IndexedDB, load just after (offline-queue-send.ts),
 * off the site's first load.
 */

export type QueuedState = "waiting" | "refused" | "sent";

export interface QueuedWrite extends NewWrite {
  /** The order it was made in (sorts as text): also its IndexedDB key. */
  key: string;
  /** Made by this browser, sent as the `Idempotency-Key` header: the server writes it once. */
  id: string;
  createdAt: number;
  state: QueuedState;
  /** Attempts so far. */
  tries: number;
  /**
   * Who wrote it (the signed-in user when it was kept): only they see it and only their session sends it, so
   * what one person left waiting in a shared browser is never sent as the next one's.
   */
  user?: number;
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

/** A write as `enqueue` takes it; kept, it is a QueuedWrite. */
export interface NewWrite {
  /** A DELETE answered 404 is done: what it was to remove is gone (its first answer was lost, or another device was first). */
  method: "POST" | "PUT" | "DELETE";
  /** The API path on the site's own origin, e.g. "/api/journal/entries". */
  path: string;
  body: unknown;
  /** Sent with it besides the key: the version an edit was read at (`If-Match`). */
  headers?: Record<string, string>;
  /** What it is, for the screen that shows it ("entry", "entry-edit", "entry-delete", "run", "person", …). */
  kind: string;
  /** The screen's own note (which run it sends, …). */
  meta?: Record<string, string | number>;
  /** The data key (use-data) read again once it is sent. */
  invalidates?: string;
  /** Kept after it is sent, with the server's answer, until `acknowledge` (a screen wants the result). */
  keepResult?: boolean;
}

let snapshot: QueueSnapshot = { items: [], signedOut: false };
const listeners = new Set<() => void>();

/** For the sender (offline-queue-send.ts): the kept writes as last read. */
export function setSnapshot(patch: Partial<QueueSnapshot>) {
  const next = { ...snapshot, ...patch };
  if (next.items === snapshot.items && next.signedOut === snapshot.signedOut) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The kept writes as last read, outside React. */
export const queuedWrites = () => snapshot.items;

/** The server's refusal as an ApiError (its words in the reader's language once the catalog is loaded). */
export function refusalError(item: QueuedWrite): ApiError {
  const r = item.refusal;
  if (!r) return new ApiError(0, null);
  return new ApiError(r.status, r.message, r.code && r.message ? { code: r.code as never, values: r.values } : null);
}

/** What a site does with the answer of a write of a kind, as it arrives (before its data is read again). */
const onSentOf = new Map<string, (item: QueuedWrite, result: unknown) => void>();

/**
 * Shows a kind's written answer at once (use-data's `mutate`: an edited entry in the lists that show it), in
 * whichever screen or tab sent it — the read that follows then only reconciles, and an edit begun right after
 * starts from the version the server has. One handler a kind; set where the site starts.
 */
export function onSent(kind: string, handler: (item: QueuedWrite, result: unknown) => void) {
  onSentOf.set(kind, handler);
}

/**
 * The kept changes (edits, deletes) of the rows a screen lists, by the row each changes (`rowOf`, null for a
 * write of no listed row): the refused ones, shown beside the row as the server has it, and the latest one
 * waiting, shown in the row's place. Sent ones are in the screen's data already.
 */
export function changesByRow(
  items: readonly QueuedWrite[],
  rowOf: (item: QueuedWrite) => number | null,
): Map<number, { refused: QueuedWrite[]; pending?: QueuedWrite }> {
  const byRow = new Map<number, { refused: QueuedWrite[]; pending?: QueuedWrite }>();
  for (const item of items) {
    const id = rowOf(item);
    if (id === null || item.state === "sent") continue;
    const row = byRow.get(id) ?? { refused: [] };
    // Oldest first: a later waiting change stands for the earlier ones.
    if (item.state === "refused") row.refused.push(item);
    else row.pending = item;
    byRow.set(id, row);
  }
  return byRow;
}

let loading: Promise<typeof import("./offline-queue-send.ts")> | undefined;
/** The sending, loaded on first use, given what it needs of the first load (it imports none of it). */
const sender = () => {
  loading ??= import("./offline-queue-send.ts").then((m) => {
    m.init({
      setSnapshot,
      queuedWrites,
      refusalError,
      invalidate,
      sent: (item, result) => onSentOf.get(item.kind)?.(item, result),
      loadServerMessages,
      send: announcing((input, init) => fetch(input, init)),
      userId: checkedUserId,
      account: browserAccount,
      pageAccount: startAccount,
      switched: noticeSwitch,
      accountHeaders,
      notesHere: { site: SITE, domain: siteCookieDomain(SITE, location.host) },
    });
    return m;
  });
  return loading;
};

/** Starts the triggers (once a page): sends on load, when the network is back, and when the page is shown again. */
export function startQueue() {
  if (typeof window === "undefined" || typeof indexedDB === "undefined") return;
  void sender().then((m) => {
    m.start();
    // Nothing is sent before the auth check has said whose the page is; then that person's writes go.
    onUserChecked(() => void m.flush());
  }, console.error);
}

/** Sends the waiting writes now (one tab at a time); resolves once this try is over. */
export const flush = (): Promise<void> => sender().then((m) => m.flush());

/**
 * Keeps a write and sends it (after any older one still waiting). Resolves once it is kept, with how its
 * first attempt went (`outcome`); a failure to keep it (no IndexedDB) rejects, and nothing was sent.
 */
export const enqueue = (write: NewWrite): Promise<{ item: QueuedWrite; outcome: Promise<Outcome> }> =>
  sender().then((m) => m.enqueue(write));

/** Forgets a write: a refused one the person discards, or a sent one whose result was taken. */
export const discard = (item: QueuedWrite): Promise<void> => sender().then((m) => m.discard(item));

/** The kept writes (waiting, refused, and sent ones kept for their result), oldest first. */
export function useQueue(): QueueSnapshot {
  return useSyncExternalStore(subscribe, read, read);
}

const read = () => snapshot;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) startQueue();
  return () => listeners.delete(listener);
}
