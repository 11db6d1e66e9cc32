import * as v from "valibot";
import { USERNAME_MAX } from "../auth/limits.ts";
import { ID_DIGITS_MAX } from "../common/limits.ts";
import { message } from "../common/messages.ts";
import { pageLimit, text } from "../common/validation.ts";
import { ethAddressProblem, isBtcAddress } from "./addresses.ts";
import {
  BTC_ADDRESS_MAX,
  DONATE_TITLE_MAX,
  DONATIONS_PAGE,
  DONATIONS_PAGE_MAX,
  ETH_ADDRESS_LENGTH,
  PAYPAL_BUTTON_ID_MAX,
} from "./limits.ts";

export { CHAINS, type Chain, CURRENCY, formatAmount } from "./amounts.ts";
// The limits live in limits.ts (valibot-free, for the sites); the API's code imports them from here too.
export * from "./limits.ts";

/** Spec 1 §3 "Donation info": the page's title and three ways to pay, each of which may be empty. */
const title = v.pipe(
  text("donatePageTitle", DONATE_TITLE_MAX, {
    notText: message("Donation page title is required"),
    tooLong: message("Donation page title is at most {max} characters", { max: DONATE_TITLE_MAX }),
  }),
  v.trim(),
  v.nonEmpty(message("Donation page title is required")),
);

// An address's words say what it must be, for any refusal.
const BTC_INVALID = message("The BTC address is not a valid Bitcoin address");
const ETH_FORMAT = message("The ETH address must be 0x and 40 hexadecimal digits");

const btcAddress = v.optional(
  v.pipe(
    text("btcAddress", BTC_ADDRESS_MAX, BTC_INVALID),
    v.trim(),
    v.check((s) => s === "" || isBtcAddress(s), BTC_INVALID),
  ),
  "",
);

const ethAddress = v.optional(
  v.pipe(
    text("ethAddress", ETH_ADDRESS_LENGTH, ETH_FORMAT),
    v.trim(),
    v.check((s) => s === "" || ethAddressProblem(s) !== "format", ETH_FORMAT),
    v.check(
      (s) => s === "" || ethAddressProblem(s) !== "checksum",
      message("The ETH address's capital letters do not match its checksum (EIP-55)"),
    ),
  ),
  "",
);

const paypalDonateButtonId = v.optional(
  v.pipe(
    text("paypalDonateButtonId", PAYPAL_BUTTON_ID_MAX, {
      notText: message("The PayPal button id may hold letters and digits only"),
      tooLong: message("The PayPal button id is at most {max} characters", { max: PAYPAL_BUTTON_ID_MAX }),
    }),
    v.trim(),
    v.regex(/^[A-Za-z0-9]*$/, message("The PayPal button id may hold letters and digits only")),
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

/** GET /api/donate/donations: newest first, `before` the `next` of the previous page. */
export const DonationsQuery = v.object({
  before: v.optional(
    v.pipe(
      text("before", 2 * ID_DIGITS_MAX + 1, message("before must be a cursor from the previous page")),
      v.regex(/^\d{1,15}~\d{1,15}$/, message("before must be a cursor from the previous page")),
      v.transform((s) => {
        const [at, id] = s.split("~").map(Number) as [number, number];
        return { at, id };
      }),
    ),
  ),
  limit: v.optional(pageLimit(DONATIONS_PAGE_MAX), DONATIONS_PAGE),
});

/** `/u/{username}` in any case: usernames are stored lower-cased, so `/u/ANNIE` is annie's page. */
export const UsernameParam = v.object({
  username: v.pipe(text("username", USERNAME_MAX, message("Donation page not found")), v.toLowerCase()),
});
