import { describe, expect, it } from "vitest";
import { eip55, ethAddressProblem, isBtcAddress } from "./addresses.ts";
import { formatAmount } from "./amounts.ts";

describe("isBtcAddress", () => {
  it("takes mainnet P2PKH and P2SH with a good checksum", () => {
    expect(isBtcAddress("1BoatSLRHtKNngkdXEeobR76b53LETtpyT")).toBe(true);
    expect(isBtcAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(true);
    expect(isBtcAddress("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe(true);
  });
  it("takes bech32 (segwit v0, 20 and 32 bytes) and bech32m (taproot), in one case", () => {
    expect(isBtcAddress("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(true);
    expect(isBtcAddress("BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ")).toBe(true);
    expect(isBtcAddress("bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")).toBe(true);
    expect(isBtcAddress("bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297")).toBe(true);
  });
  it("refuses a typo, a wrong version, another network, mixed case, or the wrong encoding for the version", () => {
    expect(isBtcAddress("1BoatSLRHtKNngkdXEeobR76b53LETtpyU")).toBe(false);
    expect(isBtcAddress("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp")).toBe(false);
    expect(isBtcAddress("bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(false);
    // testnet
    expect(isBtcAddress("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")).toBe(false);
    expect(isBtcAddress("mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn")).toBe(false);
    // v0 program in bech32m, and v1 in bech32 (BIP-350's invalid vectors)
    expect(isBtcAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh")).toBe(false);
    expect(isBtcAddress("bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4")).toBe(false);
    for (const bad of ["", "bitcoin", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "1", "bc1"])
      expect(isBtcAddress(bad), bad).toBe(false);
  });
});

describe("ethAddressProblem", () => {
  it("takes EIP-55's own vectors, and all-lower or all-upper hex", () => {
    for (const a of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
      "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ]) {
      expect(ethAddressProblem(a), a).toBeNull();
      expect(`0x${eip55(a.slice(2).toLowerCase())}`).toBe(a);
    }
    expect(ethAddressProblem("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBeNull();
    expect(ethAddressProblem("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBeNull();
  });
  it("says whether the format or the checksum is wrong", () => {
    expect(ethAddressProblem("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe("checksum");
    expect(ethAddressProblem("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("format");
    expect(ethAddressProblem("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe")).toBe("format");
    expect(ethAddressProblem("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg")).toBe("format");
  });
});

describe("formatAmount", () => {
  it("shows the smallest unit in the coin's unit, any size, without trailing zeros", () => {
    expect(formatAmount("150000000", "btc")).toBe("1.5");
    expect(formatAmount("1", "btc")).toBe("0.00000001");
    expect(formatAmount("0", "btc")).toBe("0");
    expect(formatAmount("100000000", "btc")).toBe("1");
    expect(formatAmount("1000000000000000000", "eth")).toBe("1");
    expect(formatAmount("123456789012345678901234", "eth")).toBe("123456.789012345678901234");
    expect(formatAmount("000250000000000000000", "eth")).toBe("0.25");
  });
});
