import { describe, expect, it } from "vitest";
import { cookieDomain, isLocalHost, isSameSite, rootHostname } from "./cookie-domain.ts";

describe("cookieDomain", () => {
  it("takes the last two host parts", () => {
    expect(cookieDomain("journal.example.com")).toBe("example.com");
    expect(cookieDomain("example.com")).toBe("example.com");
    expect(cookieDomain("a.b.example.com:443")).toBe("example.com");
    expect(cookieDomain("journal.nook.localhost:8787")).toBe("nook.localhost");
  });
  it("keeps localhost and IP addresses host-only", () => {
    expect(cookieDomain("localhost:8787")).toBeUndefined();
    expect(cookieDomain("127.0.0.1:8787")).toBeUndefined();
    expect(cookieDomain("[::1]:8787")).toBeUndefined();
  });
});

describe("isSameSite", () => {
  it("accepts the root and its subdomains, nothing else", () => {
    expect(isSameSite("nook.localhost:8787", "auth.nook.localhost:8787")).toBe(true);
    expect(isSameSite("journal.nook.localhost:8787", "auth.nook.localhost:8787")).toBe(true);
    expect(isSameSite("evil.localhost:8787", "auth.nook.localhost:8787")).toBe(false);
    expect(isSameSite("notexample.com", "example.com")).toBe(false);
    expect(rootHostname("localhost:8787")).toBe("localhost");
  });
});

describe("isLocalHost", () => {
  it("matches .local and .localhost hosts", () => {
    expect(isLocalHost("journal.nook.localhost:8787")).toBe(true);
    expect(isLocalHost("box.local")).toBe(true);
    expect(isLocalHost("journal.example.com")).toBe(false);
  });
});
