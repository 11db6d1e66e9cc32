import { api, ok } from "@nook/ui/api";
import type { InferResponseType } from "hono/client";

/** A stack as the list shows it: the API's own type. */
export type StackSummary = InferResponseType<typeof api.journal.stacks.$get, 200>[number];

/** A stack with its items, as GET /api/journal/stacks/:id answers it. */
export type Stack = InferResponseType<(typeof api.journal.stacks)[":id"]["$get"], 200>;

const param = (id: number) => ({ param: { id: String(id) } });

/** The stack calls; each returns its success body or throws an ApiError (packages/ui). */
export const stacksApi = {
  list: () => ok(api.journal.stacks.$get()),
  create: (name: string, icon: string) => ok(api.journal.stacks.$post({ json: { name, icon } })),
  get: (id: number) => ok(api.journal.stacks[":id"].$get(param(id))),
  update: (id: number, json: { name: string; icon: string }) =>
    ok(api.journal.stacks[":id"].$put({ ...param(id), json })),
  remove: (id: number) => ok(api.journal.stacks[":id"].$delete(param(id))),
};
