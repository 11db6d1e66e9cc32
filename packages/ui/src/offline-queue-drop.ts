import { del, entries } from "idb-keyval";
import type { QueuedWrite } from "./offline-queue.ts";
import { db, QUEUE_DB } from "./offline-queue-send.ts";
import type { readStoredText, writeStoredText } from "./stored.ts";
import { discardedBefore, latestDiscard } from "./waiting-notes.ts";

/** The latest sign-out's discard this site has done. */
const DONE_KEY = "nook-discard-done";

/**
 * Drops from this site's queue (offline-queue.ts) the waiting writes a sign-out discarded: an author's writes
 * kept before the discard of their account (waiting-notes.ts), unsent; once a discard. A site that never
 * kept a queue is not given one. Its own chunk, loaded at a site's start only when the browser holds a discard;
 * the browser's storage comes from the caller (stored.ts), so the chunk shares no module with the first load.
 */
export async function dropDiscarded(stored: {
  read: typeof readStoredText;
  write: typeof writeStoredText;
}): Promise<void> {
  const latest = latestDiscard();
  if (latest === null || latest <= Number(stored.read(DONE_KEY) ?? 0)) return;
  const keeps =
    typeof indexedDB !== "undefined" &&
    (typeof indexedDB.databases !== "function" || (await indexedDB.databases()).some((d) => d.name === QUEUE_DB));
  if (keeps) {
    for (const [key, item] of await entries<IDBValidKey, QueuedWrite>(db())) {
      const before = item.user === undefined || item.state === "sent" ? null : discardedBefore(item.user);
      if (before !== null && item.createdAt < before) await del(key, db());
    }
  }
  stored.write(DONE_KEY, String(latest));
}
