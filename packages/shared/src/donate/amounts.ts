/**
 * What the donate site shows without the API's checks: the chains and their
 * units. Kept apart from schemas.ts so a page that only formats amounts does
 * not load valibot and the address checksums.
 */

export const CHAINS = ["btc", "eth"] as const;
export type Chain = (typeof CHAINS)[number];
export const CURRENCY: Record<Chain, { code: string; decimals: number }> = {
  btc: { code: "BTC", decimals: 8 },
  eth: { code: "ETH", decimals: 18 },
};

/** An amount in the smallest unit (satoshi, wei; digits, any size) in the coin's unit: "150000000", btc → "1.5". */
export function formatAmount(smallest: string, chain: Chain): string {
  const { decimals } = CURRENCY[chain];
  const digits = smallest.replace(/^0+(?=\d)/, "").padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}
