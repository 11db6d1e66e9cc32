import { count } from "../test/helpers.ts";

/** Valid addresses (BIP-173/350 and EIP-55 vectors) and a page made of them. */
export const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
export const BTC_LEGACY = "1BoatSLRHtKNngkdXEeobR76b53LETtpyT";
export const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
export const PAGE = {
  donatePageTitle: "Keep Nook going",
  ethAddress: ETH,
  btcAddress: BTC,
  paypalDonateButtonId: "ABCDEFGHIJKLM",
};

/** Rows of the donate tables, for "nothing was written" checks. */
export async function donateCounts(): Promise<Record<string, number>> {
  return {
    donate_info: await count("donate_info"),
    donations: await count("donations"),
    donation_sources: await count("donation_sources"),
  };
}
