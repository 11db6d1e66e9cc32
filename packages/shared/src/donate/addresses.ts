import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32, bech32m, createBase58check } from "@scure/base";

/**
 * Payment addresses checked by format and checksum, so a typo is caught
 * before anyone sends money to it. Mainnet only: a donation page takes real coins.
 */

const base58check = createBase58check(sha256);
/** Version bytes of legacy mainnet addresses: P2PKH ('1…') and P2SH ('3…'). */
const BTC_VERSIONS = new Set([0x00, 0x05]);

/** A Bitcoin address: base58check P2PKH/P2SH, or bech32 (segwit v0) / bech32m (v1+) with hrp "bc"; checksums verified. */
export function isBtcAddress(address: string): boolean {
  if (/^[13]/.test(address)) {
    try {
      const payload = base58check.decode(address);
      return payload.length === 21 && BTC_VERSIONS.has(payload[0] as number);
    } catch {
      return false;
    }
  }
  if (!/^bc1/i.test(address)) return false;
  for (const [coder, wantsV0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    try {
      const { prefix, words } = coder.decode(address as `${string}1${string}`, 90);
      if (prefix !== "bc" || words.length === 0) continue;
      const version = words[0] as number;
      if (version > 16 || (version === 0) !== wantsV0) continue;
      const program = coder.fromWords(words.slice(1));
      if (version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40)
        return true;
    } catch {
      // not this encoding
    }
  }
  return false;
}

export type EthProblem = "format" | "checksum";

/** An Ethereum address: 0x and 40 hex digits; in mixed case its capitals must match EIP-55's checksum. */
export function ethAddressProblem(address: string): EthProblem | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return "format";
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return null;
  return hex === eip55(hex) ? null : "checksum";
}

/** The EIP-55 spelling of 40 hex digits: a letter is a capital where keccak-256 of the lower-case text has a nibble ≥ 8. */
export function eip55(hex: string): string {
  const lower = hex.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = "";
  for (let i = 0; i < lower.length; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? (lower[i] as string).toUpperCase() : (lower[i] as string);
  }
  return out;
}
