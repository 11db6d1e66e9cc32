import { api, ok } from "@nook/ui/api";
import { keyedWrite } from "@nook/ui/write-key";
import type { InferRequestType, InferResponseType } from "hono/client";

/** A person as GET /api/people answers it: the API's own type. */
export type Person = InferResponseType<typeof api.people.$get, 200>[number];
/** The body of POST /api/people. */
export type PersonCreate = InferRequestType<typeof api.people.$post>["json"];
/** The body of PUT /api/people/{id}: the spec's diff (spec 2 §3). */
export type PersonUpdate = InferRequestType<(typeof api.people)[":id"]["$put"]>["json"];

/** The people site's calls; each returns its success body or throws an ApiError (packages/ui). */
export const peopleApi = {
  /** The user's people, sorted by name. */
  list: () => ok(api.people.$get()),
  create: (json: PersonCreate) =>
    keyedWrite("people/create", json, (headers) => ok(api.people.$post({ json }, { headers }))),
  /** `version`: the person's `modifiedAt` when the edit began (If-Match): changed since, a 409 and nothing written. */
  update: (json: PersonUpdate, version: string) =>
    ok(api.people[":id"].$put({ param: { id: String(json.id) }, json }, { headers: { "If-Match": `"${version}"` } })),
  remove: (id: number) => ok(api.people[":id"].$delete({ param: { id: String(id) } })),
  /** The user's '@' tags, most used first: the tag input's suggestions. */
  tagNames: async () => (await ok(api.journal["tags-for-people-sorted"].$get())).map((t) => t.name),
};
