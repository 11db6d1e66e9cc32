import type { InferRequestType, InferResponseType } from "hono/client";
import { count, expectStatus, type signedInUser } from "../test/helpers.ts";

/** Stack calls through the typed client, for the tests: each checks its status and returns the typed body. */
export type User = Awaited<ReturnType<typeof signedInUser>>;
type Journal = User["api"]["journal"];
export type Stack = InferResponseType<Journal["stacks"][":id"]["$get"], 200>;
export type NewItem = InferRequestType<Journal["stack-items"]["$post"]>["json"];
export type Item = InferResponseType<Journal["stack-items"]["$post"], 201>;

export const stackCalls = {
  async create(user: User, name: string, icon = ""): Promise<Stack> {
    return (await expectStatus(await user.api.journal.stacks.$post({ json: { name, icon } }), 201)).json();
  },
  async get(user: User, id: number): Promise<Stack> {
    return (await expectStatus(await user.api.journal.stacks[":id"].$get({ param: { id: String(id) } }), 200)).json();
  },
  async addItem(user: User, json: NewItem): Promise<Item> {
    return (await expectStatus(await user.api.journal["stack-items"].$post({ json }), 201)).json();
  },
};

/** Rows in the stack tables, for "nothing was written" checks. */
export async function stackCounts(): Promise<Record<string, number>> {
  return { stacks: await count("stacks"), stack_items: await count("stack_items") };
}
