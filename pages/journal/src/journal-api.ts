import { PAGE_LIMIT_DEFAULT } from "@nook/shared/journal/limits";
import { api, ok } from "@nook/ui/api";
import { enqueue, onSent, type QueuedWrite } from "@nook/ui/offline-queue";
import { mutateWhere } from "@nook/ui/use-data";
import { keyedWrite } from "@nook/ui/write-key";
import type { InferRequestType, InferResponseType } from "hono/client";

/** An entry as GET /api/journal/entries/:id answers it: the API's own type. */
export type Entry = InferResponseType<(typeof api.journal.entries)[":id"]["$get"], 200>;
/** The body of a new entry, as the API takes it. */
export type EntryPayload = InferRequestType<typeof api.journal.entries.$post>["json"];

/** The journal's calls; each returns its success body or throws an ApiError (packages/ui). */
export const journal = {
  list: (before?: string, limit = PAGE_LIMIT_DEFAULT) =>
    ok(api.journal.entries.$get({ query: { ...(before ? { before } : {}), limit: String(limit) } })),
  /** A search of the entries (entries/search.ts makes the query): the list's pages, of the entries it finds. */
  search: (query: Record<string, string | string[]>, before?: string, limit = PAGE_LIMIT_DEFAULT) =>
    ok(api.journal.entries.$get({ query: { ...query, ...(before ? { before } : {}), limit: String(limit) } })),
  create: (payload: EntryPayload) =>
    keyedWrite("entries/create", payload, (headers) => ok(api.journal.entries.$post({ json: payload }, { headers }))),
  /** `version`: the entry's `modifiedAt` when the edit began (If-Match): changed since, a 409 and nothing written. */
  get: (id: number) => ok(api.journal.entries[":id"].$get({ param: { id: String(id) } })),
  lift: (id: number) =>
    keyedWrite(`entries/${id}/lift`, null, (headers) =>
      ok(api.journal.entries[":id"].lift.$post({ param: { id: String(id) } }, { headers })),
    ),
  /** Entries with any of the tags, newest first (a person's card links here). */
  withAnyTag: (tags: string[], before?: string, limit = PAGE_LIMIT_DEFAULT) =>
    ok(
      api.journal["entries-by-config"].$post({
        json: { config: { filter: tags.map((name) => ({ name, not: false })) }, tagsSign: "||", before, limit },
      }),
    ),
  /** Entries of today's date in earlier years, newest first (the list's quiet row at its top). */
  onThisDay: () => ok(api.journal["on-this-day"].$get()),
  tagsSorted: () => ok(api.journal["tags-sorted"].$get()),
  metrics: () => ok(api.journal.metrics.$get()),
  /** The newest entry tagged down or up: the latest sleep marker. */
  latestSleepMarker: async () =>
    (
      await ok(
        api.journal["entries-by-config"].$post({
          json: {
            config: {
              filter: [
                { name: "down", not: false },
                { name: "up", not: false },
              ],
            },
            tagsSign: "||",
            limit: 1,
          },
        }),
      )
    )[0] ?? null,
};

/** Where new entries are posted: the queue sends them (offline-queue). */
const ENTRIES_PATH = "/api/journal/entries";

/**
 * A new entry kept in this browser until the server has it: sent now if it can be, else when the
 * network is back, once (its Idempotency-Key). Resolves once it is kept.
 */
export const queueEntry = (
  payload: EntryPayload,
  extra: { kind?: string; meta?: Record<string, string | number>; keepResult?: boolean } = {},
) => enqueue({ method: "POST", path: ENTRIES_PATH, body: payload, kind: "entry", invalidates: "journal", ...extra });

/**
 * An edit kept in this browser until the server has it, sent in order after what waits before it, against the
 * version it was read at (`version`, the entry's modifiedAt: changed since, it is refused and shown as not saved).
 */
export const queueEdit = (entryId: number, payload: EntryPayload, version: string) =>
  enqueue({
    method: "PUT",
    path: ENTRIES_PATH,
    body: { entryId, ...payload },
    headers: { "If-Match": `"${version}"` },
    kind: "entry-edit",
    meta: { entryId },
    invalidates: "journal",
  });

/** A delete kept in this browser until the server has done it (a 404 then is done too: it is gone). */
export const queueDelete = (entryId: number) =>
  enqueue({
    method: "DELETE",
    path: ENTRIES_PATH,
    body: { entryId },
    kind: "entry-delete",
    meta: { entryId },
    invalidates: "journal",
  });

/** The entry a kept edit or delete is of. */
export const queuedEntryId = (item: QueuedWrite): number | null =>
  typeof item.meta?.entryId === "number" ? item.meta.entryId : null;

/** A kept write's entry, as it was written (new entries, runs and edits; an edit's body also names its entry). */
export const queuedPayload = (item: QueuedWrite) => item.body as EntryPayload;
/** The id of the entry the server made of a sent write, when it answered one. */
export const sentEntryId = (item: QueuedWrite): number | null => {
  const id = (item.result as { id?: unknown } | null | undefined)?.id;
  return typeof id === "number" ? id : null;
};

/** The entries lists' data keys (entries-panel.tsx) and their data. */
export const ENTRIES_KEYS = "journal/entries/";
export type EntriesPage = { entries: Entry[]; more: boolean };

/** Every loaded entries list, changed where it holds the entry: shown at once, before the lists are read again. */
function inLists(entryId: number, change: (entry: Entry) => Entry | null) {
  mutateWhere(
    (key) => key.startsWith(ENTRIES_KEYS),
    (current) => {
      const page = current as EntriesPage;
      if (!page.entries.some((e) => e.id === entryId)) return page;
      const entries = page.entries.flatMap((e) => (e.id === entryId ? (change(e) ?? []) : [e]));
      return { ...page, entries };
    },
  );
}

// A sent edit shows its answer in the lists (its new version too: an edit begun now is not refused as stale);
// a sent delete takes its row out. The run an entry belongs to, and its place by date, come with the read that follows.
onSent("entry-edit", (item, result) => {
  const id = queuedEntryId(item);
  const answer = result as Partial<Entry> | null;
  if (id === null || !answer || answer.id !== id) return;
  inLists(id, (e) => ({
    ...e,
    text: answer.text ?? e.text,
    date: answer.date ?? e.date,
    modifiedAt: answer.modifiedAt ?? e.modifiedAt,
    tags: answer.tags ?? e.tags,
    metrics: answer.metrics ?? e.metrics,
  }));
});
onSent("entry-delete", (item) => {
  const id = queuedEntryId(item);
  if (id !== null) inLists(id, () => null);
});
