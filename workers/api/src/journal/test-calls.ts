import type { InferRequestType, InferResponseType } from "hono/client";
import { count, expectStatus, type signedInUser } from "../test/helpers.ts";

/** The journal's calls through the typed client, for the tests: each checks its status and returns the typed body. */
export type User = Awaited<ReturnType<typeof signedInUser>>;
type Journal = User["api"]["journal"];
export type NewEntry = InferRequestType<Journal["entries"]["$post"]>["json"];
export type Entry = InferResponseType<Journal["entries"][":id"]["$get"], 200>;
type ByConfig = InferRequestType<Journal["entries-by-config"]["$post"]>["json"];

export const typedCalls = {
  async add(user: User, json: NewEntry): Promise<Entry> {
    return (await expectStatus(await user.api.journal.entries.$post({ json }), 201)).json();
  },
  /** A page; `query` as a URL query string ("?limit=10&before=…"). */
  async list(user: User, query = ""): Promise<Entry[]> {
    const params = Object.fromEntries(new URLSearchParams(query));
    return (await expectStatus(await user.api.journal.entries.$get({ query: params }), 200)).json();
  },
  async get(user: User, id: number): Promise<Entry> {
    return (await expectStatus(await user.api.journal.entries[":id"].$get({ param: { id: String(id) } }), 200)).json();
  },
  async lift(user: User, id: number): Promise<Entry> {
    const res = await user.api.journal.entries[":id"].lift.$post({ param: { id: String(id) } });
    return (await expectStatus(res, 201)).json();
  },
  async byConfig(user: User, json: ByConfig): Promise<Entry[]> {
    return (await expectStatus(await user.api.journal["entries-by-config"].$post({ json }), 200)).json();
  },
};

/** Rows in each journal table, for "nothing was written" checks. */
export async function tableCounts(): Promise<Record<string, number>> {
  const tables = ["entries", "tags", "metrics", "entry_tags", "entry_metrics"];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)] as const)));
}
