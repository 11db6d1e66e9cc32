import { type Chain, formatAmount } from "@nook/shared/donate/amounts";

/**
 * An amount in the smallest unit ("150000000" satoshi) in the coin's unit, in
 * the reader's number style: "1.5" in English, "1,5" in Russian. Digits stay
 * exact: wei do not fit a JavaScript number.
 */
export function displayAmount(smallest: string, chain: Chain, locale: string): string {
  const [whole = "0", fraction] = formatAmount(smallest, chain).split(".");
  const format = new Intl.NumberFormat(locale);
  const separator = format.formatToParts(0.5).find((p) => p.type === "decimal")?.value ?? ".";
  const grouped = format.format(BigInt(whole));
  return fraction ? `${grouped}${separator}${fraction}` : grouped;
}

/** A long address or id cut to its ends for a list: "bc1qar…5mdq". */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
