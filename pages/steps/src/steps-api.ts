import { api, ok } from "@nook/ui/api";
import { keyedWrite } from "@nook/ui/write-key";
import type { InferRequestType, InferResponseType } from "hono/client";

/** One checklist, as GET /api/steps/{id} answers it. */
export type Steps = InferResponseType<(typeof api.steps)[":id"]["$get"], 200>["data"];
/** The body of PUT /api/steps/{id}: a name (and deadline), or the content. */
export type StepsUpdate = InferRequestType<(typeof api.steps)[":id"]["$put"]>["json"];

/** The data keys (useData): the list, one checklist, and both (`invalidate(STEPS_ALL)`). */
export const STEPS_ALL = "steps";
export const STEPS_KEY = "steps/list";
export const stepsKey = (id: number) => `steps/${id}`;

const param = (id: number) => ({ id: String(id) });

/** The steps site's calls; each returns its data or throws an ApiError (packages/ui). */
export const stepsApi = {
  /** Newest modified first. */
  list: async () => (await ok(api.steps.$get())).data,
  create: async (name: string) =>
    (await keyedWrite("steps/create", { name }, (headers) => ok(api.steps.$post({ json: { name } }, { headers }))))
      .data,
  get: async (id: number) => (await ok(api.steps[":id"].$get({ param: param(id) }))).data,
  /** A deadline left out clears it: send it whenever one is set. */
  rename: async (id: number, name: string, deadline: string | null) =>
    (await ok(api.steps[":id"].$put({ param: param(id), json: deadline ? { id, name, deadline } : { id, name } })))
      .data,
  /**
   * The server counts the items from the content itself; the counts go along as the contract has them.
   * `keepalive`: the request outlives the page (sent as it is hidden or left).
   */
  /** `version`: the `modifiedAt` the edit was made from (If-Match): changed since, it is a 409 with the current one. */
  saveContent: async (
    id: number,
    content: string,
    totalItems: number,
    completedItems: number,
    version: string,
    keepalive = false,
  ) =>
    (
      await ok(
        api.steps[":id"].$put(
          { param: param(id), json: { id, content, totalItems, completedItems } },
          { headers: { "If-Match": `"${version}"` }, ...(keepalive ? { init: { keepalive: true } } : {}) },
        ),
      )
    ).data,
  remove: async (id: number) => (await ok(api.steps[":id"].$delete({ param: param(id) }))).data,
};
