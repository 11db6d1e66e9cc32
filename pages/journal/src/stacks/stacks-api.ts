import type { StackItemData } from "@nook/shared/stacks/item-data";
import type { StackItemType } from "@nook/shared/stacks/limits";
import { api, ok, readerTimeZone } from "@nook/ui/api";
import { keyedWrite } from "@nook/ui/write-key";
import type { InferRequestType, InferResponseType } from "hono/client";

/** A stack as the list shows it: the API's own type. */
export type StackSummary = InferResponseType<typeof api.journal.stacks.$get, 200>[number];

/** A stack with its items, as GET /api/journal/stacks/:id answers it. */
export type Stack = InferResponseType<(typeof api.journal.stacks)[":id"]["$get"], 200>;

export type StackItem = Stack["items"][number];
export type NewItem = InferRequestType<(typeof api.journal)["stack-items"]["$post"]>["json"];
export type ItemChange = InferRequestType<(typeof api.journal)["stack-items"][":id"]["$put"]>["json"];

/** The data keys (useData) of the list of stacks and of one stack with its items. */
export const STACKS_KEY = "journal/stacks";
export const stackKey = (id: number) => `journal/stack/${id}`;

const param = (id: number) => ({ param: { id: String(id) } });

/** The stack calls; each returns its success body or throws an ApiError (packages/ui). */
export const stacksApi = {
  list: () => ok(api.journal.stacks.$get()),
  create: (name: string, icon: string) =>
    keyedWrite("stacks/create", { name, icon }, (headers) =>
      ok(api.journal.stacks.$post({ json: { name, icon } }, { headers })),
    ),
  get: (id: number) => ok(api.journal.stacks[":id"].$get(param(id))),
  update: (id: number, json: { name: string; icon: string }) =>
    ok(api.journal.stacks[":id"].$put({ ...param(id), json })),
  remove: (id: number) => ok(api.journal.stacks[":id"].$delete(param(id))),
  addItem: (json: NewItem) =>
    keyedWrite("stack-items/create", json, (headers) => ok(api.journal["stack-items"].$post({ json }, { headers }))),
  updateItem: (id: number, json: ItemChange) => ok(api.journal["stack-items"][":id"].$put({ ...param(id), json })),
  removeItem: (id: number) => ok(api.journal["stack-items"][":id"].$delete(param(id))),
  /**
   * An item's statistic, for the reader's own time zone (the days match the
   * page's 'today'). The route answers the statistic of whichever type it is
   * asked for, so its declared answer is every type's; the cast says which
   * one, the type sent — a pairing of request and answer no route type holds.
   */
  data: async <T extends StackItemType>(item: StackItem, type: T): Promise<StackItemData[T]> =>
    (await ok(
      api.journal["stack-item-data"].$post({
        json: {
          type,
          config: {
            filter: item.config.filter.map(({ name, not }) => ({ name, not })),
            timeRange: item.config.timeRange,
            metricId: item.config.metricId,
            date: item.config.date,
            goal: item.config.goal,
          },
          tagsSign: item.tagsSign,
          uptimeOnly: item.uptimeOnly,
        },
        query: { tz: readerTimeZone() },
      }),
    )) as StackItemData[T],
};
