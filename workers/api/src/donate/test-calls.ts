import { env } from "cloudflare:test";
import type { Chain } from "@nook/shared/donate/amounts";
import { bearer, ORIGIN, send } from "../test/helpers.ts";

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

/** A received donation, written straight into D1 as polling would record it. */
export async function addDonation(
  userId: number,
  d: { chain?: Chain; txId?: string; amount?: string; from?: string; at?: number } = {},
) {
  const at = d.at ?? 1;
  await env.DB.prepare(
    "INSERT INTO donations (user_id, chain, tx_id, amount, from_address, at, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(userId, d.chain ?? "btc", d.txId ?? "a".repeat(64), d.amount ?? "5000", d.from ?? "", at, at)
    .run();
}

/** A JSON call to /api/donate as a signed-in user (the helpers' `send`, with the user's session). */
export const donateCall = (user: { token: string }, method: string, path: string, body?: unknown) =>
  send(method, `${ORIGIN}/api/donate${path}`, body, { ...bearer(user.token), Origin: ORIGIN });
