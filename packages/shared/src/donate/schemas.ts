import * as v from "valibot";
import { message } from "../common/messages.ts";
import { pageLimit } from "../common/validation.ts";
import { ethAddressProblem, isBtcAddress } from "./addresses.ts";
import { DONATE_TITLE_MAX } from "./amounts.ts";

export { CHAINS, type Chain, CURRENCY, DONATE_TITLE_MAX, formatAmount } from "./amounts.ts";

/** Spec 1 §3 "Donation info": the page's title and three ways to pay, each of which may be empty. */
export const PAYPAL_BUTTON_ID_MAX = 64;

const title = v.pipe(
  v.string(message("Donation page title is required")),
  v.trim(),
  v.nonEmpty(message("Donation page title is required")),
  v.maxLength(DONATE_TITLE_MAX, message("Donation page title is at most {max} characters", { max: DONATE_TITLE_MAX })),
);

const btcAddress = v.optional(
  v.pipe(
    v.string(message("The BTC address is not a valid Bitcoin address")),
    v.trim(),
    v.check((s) => s === "" || isBtcAddress(s), message("The BTC address is not a valid Bitcoin address")),
  ),
  "",
);

const ethAddress = v.optional(
  v.pipe(
    v.string(message("The ETH address must be 0x and 40 hexadecimal digits")),
    v.trim(),
    v.check(
      (s) => s === "" || ethAddressProblem(s) !== "format",
      message("The ETH address must be 0x and 40 hexadecimal digits"),
    ),
    v.check(
      (s) => s === "" || ethAddressProblem(s) !== "checksum",
      message("The ETH address's capital letters do not match its checksum (EIP-55)"),
    ),
  ),
  "",
);

const paypalDonateButtonId = v.optional(
  v.pipe(
    v.string(message("The PayPal button id may hold letters and digits only")),
    v.trim(),
    v.regex(/^[A-Za-z0-9]*$/, message("The PayPal button id may hold letters and digits only")),
    v.maxLength(
      PAYPAL_BUTTON_ID_MAX,
      message("The PayPal button id is at most {max} characters", { max: PAYPAL_BUTTON_ID_MAX }),
    ),
  ),
  "",
);

/** PUT /api/donate/info: the whole info, created or replaced. */
// A missing title reads as an empty one, so it gets the spec's words, not "{field} is required".
export const DonateInfoBody = v.object({
  donatePageTitle: v.optional(title, ""),
  ethAddress,
  btcAddress,
  paypalDonateButtonId,
});
export type DonateInfoBody = v.InferInput<typeof DonateInfoBody>;

/** Donations a page, unless asked otherwise, and at most. */
export const DONATIONS_PAGE = 30;
export const DONATIONS_PAGE_MAX = 100;

/** GET /api/donate/donations: newest first, `before` the `next` of the previous page. */
export const DonationsQuery = v.object({
  before: v.optional(
    v.pipe(
      v.string(message("before must be a cursor from the previous page")),
      v.regex(/^\d{1,15}~\d{1,15}$/, message("before must be a cursor from the previous page")),
      v.transform((s) => {
        const [at, id] = s.split("~").map(Number) as [number, number];
        return { at, id };
      }),
    ),
  ),
  limit: v.optional(pageLimit(DONATIONS_PAGE_MAX), DONATIONS_PAGE),
});

/** `/u/{username}` in any case: usernames are stored lower-cased (DESIGN §4), so `/u/ANNIE` is annie's page. */
export const UsernameParam = v.object({
  username: v.pipe(v.string(), v.maxLength(64, message("Donation page not found")), v.toLowerCase()),
});
