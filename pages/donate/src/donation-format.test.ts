import { describe, expect, it } from "vitest";
import { displayAmount, shortAddress } from "./donation-format.ts";

describe("a donation's amount in the coin's unit", () => {
  it("keeps every digit, in the reader's number style", () => {
    expect(displayAmount("150000000", "btc", "en")).toBe("1.5");
    expect(displayAmount("150000000", "btc", "ru")).toBe("1,5");
    expect(displayAmount("1", "btc", "en")).toBe("0.00000001");
    expect(displayAmount("123456789012345678901234", "eth", "en")).toBe("123,456.789012345678901234");
    expect(displayAmount("2000000000000000000", "eth", "en")).toBe("2");
  });
});

describe("a shortened address", () => {
  it("keeps both ends of a long one and all of a short one", () => {
    expect(shortAddress("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe("bc1qar…5mdq");
    expect(shortAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("0x5aAe…eAed");
    expect(shortAddress("short")).toBe("short");
  });
});
