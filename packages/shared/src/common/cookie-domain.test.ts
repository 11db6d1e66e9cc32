import { describe, expect, it } from "vitest";
import { cookieDomain, isLocalHost, isRootDomain, isSameSite } from "./cookie-domain.ts";

describe("cookieDomain", () => {
  it("is the configured root for the root and every host under it", () => {
    expect(cookieDomain("journal.example.co.uk", "example.co.uk")).toBe("example.co.uk");
    expect(cookieDomain("example.co.uk", "example.co.uk")).toBe("example.co.uk");
    expect(cookieDomain("a.b.example.com:443", "example.com")).toBe("example.com");
    expect(cookieDomain("journal.nook.localhost:8787", "nook.localhost")).toBe("nook.localhost");
  });
  it("keeps a host outside the configured root host-only", () => {
    expect(cookieDomain("nook-api.someone.workers.dev", "example.co.uk")).toBeUndefined();
    expect(cookieDomain("notexample.co.uk", "example.co.uk")).toBeUndefined();
  });
  it("unset, shares the last two labels of *.localhost only, as local dev always did", () => {
    expect(cookieDomain("journal.nook.localhost:8787", null)).toBe("nook.localhost");
    expect(cookieDomain("nook.localhost", null)).toBe("nook.localhost");
    expect(cookieDomain("localhost:8787", null)).toBeUndefined();
    expect(cookieDomain("127.0.0.1:8787", null)).toBeUndefined();
    expect(cookieDomain("[::1]:8787", null)).toBeUndefined();
  });
  it("unset, never guesses on a public host: host-only, never the suffix", () => {
    expect(cookieDomain("journal.example.co.uk", null)).toBeUndefined();
    expect(cookieDomain("example.co.uk", null)).toBeUndefined();
    expect(cookieDomain("journal.example.com", null)).toBeUndefined();
    expect(cookieDomain("box.local", null)).toBeUndefined();
  });
});

describe("isSameSite (the Origin check)", () => {
  it("with a configured root: the root and its subdomains, nothing else", () => {
    const root = "example.co.uk";
    expect(isSameSite("journal.example.co.uk", "auth.example.co.uk", root)).toBe(true);
    expect(isSameSite("example.co.uk", "auth.example.co.uk", root)).toBe(true);
    expect(isSameSite("evil.co.uk", "auth.example.co.uk", root)).toBe(false);
    expect(isSameSite("co.uk", "auth.example.co.uk", root)).toBe(false);
    expect(isSameSite("notexample.co.uk", "auth.example.co.uk", root)).toBe(false);
    expect(isSameSite("example.co.uk.evil.com", "auth.example.co.uk", root)).toBe(false);
  });
  it("unset: *.localhost's pair locally, the exact host elsewhere", () => {
    expect(isSameSite("nook.localhost:8787", "auth.nook.localhost:8787", null)).toBe(true);
    expect(isSameSite("journal.nook.localhost:8787", "auth.nook.localhost:8787", null)).toBe(true);
    expect(isSameSite("evil.localhost:8787", "auth.nook.localhost:8787", null)).toBe(false);
    expect(isSameSite("localhost:8787", "localhost:8787", null)).toBe(true);
    expect(isSameSite("auth.example.co.uk", "auth.example.co.uk", null)).toBe(true);
    expect(isSameSite("evil.co.uk", "auth.example.co.uk", null)).toBe(false);
    expect(isSameSite("journal.example.co.uk", "auth.example.co.uk", null)).toBe(false);
    expect(isSameSite("notexample.com", "example.com", null)).toBe(false);
  });
});

describe("isRootDomain (what ROOT_DOMAIN may be)", () => {
  it("takes domain names of two or more labels", () => {
    for (const name of ["example.com", "example.co.uk", "nook.localhost", "my-site.example.org"])
      expect(isRootDomain(name), name).toBe(true);
    for (const name of ["localhost", "com", "127.0.0.1", "example.com:8787", "-a.com", "a..com", "https://example.com"])
      expect(isRootDomain(name), name).toBe(false);
  });
});

describe("isLocalHost", () => {
  it("matches .local and .localhost hosts", () => {
    expect(isLocalHost("journal.nook.localhost:8787")).toBe(true);
    expect(isLocalHost("box.local")).toBe(true);
    expect(isLocalHost("journal.example.com")).toBe(false);
  });
});
