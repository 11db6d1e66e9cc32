import * as v from "valibot";
import { message } from "../common/messages.ts";
import { ethAddressProblem, isBtcAddress } from "./addresses.ts";

/** Spec 1 §3 "Donation info": the page's title and three ways to pay, each of which may be empty. */
export const DONATE_TITLE_MAX = 120;
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

export const CHAINS = ["btc", "eth"] as const;
export type Chain = (typeof CHAINS)[number];
export const CURRENCY: Record<Chain, { code: string; decimals: number }> = {
  btc: { code: "BTC", decimals: 8 },
  eth: { code: "ETH", decimals: 18 },
};

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
  limit: v.optional(
    v.pipe(
      v.string(message("limit must be a whole number")),
      v.regex(/^\d+$/, message("limit must be a whole number")),
      v.transform(Number),
      v.minValue(1, message("limit must be at least 1")),
      v.maxValue(100, message("limit is at most {max}", { max: 100 })),
    ),
    "30",
  ),
});

export const UsernameParam = v.object({
  username: v.pipe(v.string(), v.maxLength(64, message("Donation page not found"))),
});

/** An amount in the smallest unit (satoshi, wei; digits, any size) in the coin's unit: "150000000", btc → "1.5". */
export function formatAmount(smallest: string, chain: Chain): string {
  const { decimals } = CURRENCY[chain];
  const digits = smallest.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
