import { describe, expect, it } from "vitest";
import { accountOfCookies } from "./account-cookie.ts";

describe("accountOfCookies", () => {
  it("reads the account's id under either name", () => {
    expect(accountOfCookies("locale=ru; nook_account=42; theme=dark")).toBe(42);
    expect(accountOfCookies("__Secure-nook_account=7")).toBe(7);
  });

  it("is null for no cookie, and for a value that is not an id", () => {
    expect(accountOfCookies("")).toBeNull();
    expect(accountOfCookies("nook_accounts=3")).toBeNull();
    for (const bad of ["", "0", "-1", "1.5", "abc", "12345678901234567890", "01"])
      expect(accountOfCookies(`nook_account=${bad}`), bad).toBeNull();
  });
});
