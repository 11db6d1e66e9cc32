import { api, ok } from "@nook/ui/api";
import { keyedWrite } from "@nook/ui/write-key";
import type { InferRequestType, InferResponseType } from "hono/client";

/** The page's title and ways to pay, as GET /api/donate/info answers them (null there: none yet). */
export type DonateInfo = NonNullable<InferResponseType<typeof api.donate.info.$get, 200>>;
/** The body of PUT /api/donate/info. */
export type DonateInfoPayload = InferRequestType<typeof api.donate.info.$put>["json"];
/** One page of received donations, newest first. */
export type DonationPage = InferResponseType<typeof api.donate.donations.$get, 200>;
export type Donation = DonationPage["donations"][number];
/** What a signed-out visitor sees of someone's page. */
export type PublicDonatePage = InferResponseType<(typeof api.donate.public)[":username"]["$get"], 200>;

/** The donate site's calls; each returns its success body or throws an ApiError (packages/ui). */
export const donateApi = {
  info: () => ok(api.donate.info.$get()),
  /** `version`: the page's `modifiedAt` as the form began (If-Match; none for a new page): changed since, a 409. */
  save: (json: DonateInfoPayload, version?: string) =>
    keyedWrite("donate/save", json, (headers) =>
      ok(api.donate.info.$put({ json }, { headers: version ? { ...headers, "If-Match": `"${version}"` } : headers })),
    ),
  remove: () => ok(api.donate.info.$delete()),
  donations: (before?: string) => ok(api.donate.donations.$get({ query: before ? { before } : {} })),
  /** The client puts the param in the path as given: encoded here, so any text stays one segment. */
  publicPage: (username: string) =>
    ok(api.donate.public[":username"].$get({ param: { username: encodeURIComponent(username) } })),
  /** The signed-in user's username: the public page's address. */
  username: async () => (await ok(api.auth.me.$get())).username,
};
