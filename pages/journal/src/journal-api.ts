import { PAGE_LIMIT_DEFAULT } from "@nook/shared/journal/limits";
import { api, ok } from "@nook/ui/api";
import { enqueue, type QueuedWrite } from "@nook/ui/offline-queue";
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
  create: (payload: EntryPayload) =>
    keyedWrite("entries/create", payload, (headers) => ok(api.journal.entries.$post({ json: payload }, { headers }))),
  /** `version`: the entry's `modifiedAt` when the edit began (If-Match): changed since, a 409 and nothing written. */
  update: (entryId: number, payload: EntryPayload, version: string) =>
    ok(api.journal.entries.$put({ json: { entryId, ...payload } }, { headers: { "If-Match": `"${version}"` } })),
  remove: (entryId: number) => ok(api.journal.entries.$delete({ json: { entryId } })),
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

/** A kept write's entry, as it was written (entries and runs are kept as new entries). */
export const queuedPayload = (item: QueuedWrite) => item.body as EntryPayload;
/** The id of the entry the server made of a sent write, when it answered one. */
export const sentEntryId = (item: QueuedWrite): number | null => {
  const id = (item.result as { id?: unknown } | null | undefined)?.id;
  return typeof id === "number" ? id : null;
};
