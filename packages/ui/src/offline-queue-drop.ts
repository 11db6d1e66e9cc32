import { createStore, del, entries } from "idb-keyval";
import type { QueuedWrite } from "./offline-queue.ts";

/**
 * Drops from this site's queue (offline-queue.ts) the waiting writes a sign-out discarded: an author's writes
 * kept before `discardedBefore(author)` (waiting-notes.ts), unsent. A site that never kept a queue is not
 * given one. Its own chunk, loaded at a site's start only when a discard is new.
 */
export async function dropDiscarded(discardedBefore: (account: number) => number | null): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  if (typeof indexedDB.databases === "function" && !(await indexedDB.databases()).some((d) => d.name === "nook-queue"))
    return;
  const db = createStore("nook-queue", "writes");
  for (const [key, item] of await entries<IDBValidKey, QueuedWrite>(db)) {
    const before = item.user === undefined || item.state === "sent" ? null : discardedBefore(item.user);
    if (before !== null && item.createdAt < before) await del(key, db);
  }
}
