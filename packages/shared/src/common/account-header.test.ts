import { describe, expect, it } from "vitest";
import { accountOfHeader } from "./account-header.ts";

describe("accountOfHeader", () => {
  it("reads a decimal id, up to the largest safe integer", () => {
    expect(accountOfHeader("1")).toBe(1);
    expect(accountOfHeader("42")).toBe(42);
    expect(accountOfHeader("9007199254740991")).toBe(9007199254740991);
  });

  it("is null for anything else", () => {
    for (const bad of ["", "0", "01", "-1", "+1", "1.5", "1e3", "0x1F", " 1", "1 ", "1, 2", "abc", "9007199254740992"])
      expect(accountOfHeader(bad), bad).toBeNull();
  });
});
