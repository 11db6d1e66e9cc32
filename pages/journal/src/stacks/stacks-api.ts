import { api, ok } from "@nook/ui/api";
import type { InferResponseType } from "hono/client";

/** A stack as the list shows it: the API's own type. */
export type StackSummary = InferResponseType<typeof api.journal.stacks.$get, 200>[number];

/** The stack calls; each returns its success body or throws an ApiError (packages/ui). */
export const stacksApi = {
  list: () => ok(api.journal.stacks.$get()),
  create: (name: string, icon: string) => ok(api.journal.stacks.$post({ json: { name, icon } })),
};
