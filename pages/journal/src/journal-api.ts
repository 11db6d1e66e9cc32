import type { EntryOut } from "@nook/api/journal-types";
import { api, errorMessage } from "@nook/ui/api";

export type Entry = EntryOut;
export interface EntryPayload {
  text: string;
  tags: string[];
  metrics: { name: string; value: number }[];
  date: string;
}

/** Thrown with the server's words, or null when it sent none. */
export class ApiError extends Error {}

type Body<R> = R extends { json(): Promise<infer T> } ? T : never;
type ErrorBody = { message: string; error: string };

/** The success body of a typed call, or an ApiError with the server's words. */
async function ok<R extends { ok: boolean; json(): Promise<unknown> }>(
  request: Promise<R>,
): Promise<Exclude<Body<R>, ErrorBody | null>> {
  const res = await request;
  if (!res.ok) throw new ApiError((await errorMessage(res)) ?? "");
  return (await res.json()) as Exclude<Body<R>, ErrorBody | null>;
}

export const journal = {
  list: (before?: string, limit = 30) =>
    ok(api.journal.entries.$get({ query: { ...(before ? { before } : {}), limit: String(limit) } })),
  create: (payload: EntryPayload) => ok(api.journal.entries.$post({ json: payload })),
  update: (entryId: number, payload: EntryPayload) => ok(api.journal.entries.$put({ json: { entryId, ...payload } })),
  remove: (entryId: number) => ok(api.journal.entries.$delete({ json: { entryId } })),
  lift: (id: number) => ok(api.journal.entries[":id"].lift.$post({ param: { id: String(id) } })),
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
