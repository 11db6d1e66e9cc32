import { describe, expect, it } from "vitest";
import { type Here, safeNext, siteCookieDomain, siteOrigin, siteRoot } from "./sites.ts";

describe("siteRoot: the host without the page's own site label", () => {
  it("needs no setting and never takes the last two labels", () => {
    expect(siteRoot("journal", "journal.example.co.uk")).toBe("example.co.uk");
    expect(siteRoot("root", "example.co.uk")).toBe("example.co.uk");
    expect(siteRoot("auth", "auth.nook.localhost:8787")).toBe("nook.localhost");
    expect(siteRoot("root", "nook.localhost:8787")).toBe("nook.localhost");
    expect(siteRoot("journal", "journal.app.example.com")).toBe("app.example.com");
    expect(siteRoot("root", "localhost:8787")).toBe("localhost");
    // A host not on the site's label (a preview address) is its own root.
    expect(siteRoot("journal", "nook-journal.pages.dev")).toBe("nook-journal.pages.dev");
  });
});

describe("siteOrigin", () => {
  const here: Here = { site: "journal", protocol: "http:", host: "journal.nook.localhost:8787" };
  it("builds sibling and root origins keeping the port", () => {
    expect(siteOrigin("auth", here)).toBe("http://auth.nook.localhost:8787");
    expect(siteOrigin("root", here)).toBe("http://nook.localhost:8787");
    expect(siteOrigin("people", { site: "root", protocol: "https:", host: "example.com" })).toBe(
      "https://people.example.com",
    );
  });
  it("stays on the suite under a two-label suffix", () => {
    const uk: Here = { site: "journal", protocol: "https:", host: "journal.example.co.uk" };
    expect(siteOrigin("auth", uk)).toBe("https://auth.example.co.uk");
    expect(siteOrigin("root", uk)).toBe("https://example.co.uk");
    expect(siteOrigin("journal", { site: "root", protocol: "https:", host: "example.co.uk" })).toBe(
      "https://journal.example.co.uk",
    );
  });
});

describe("siteCookieDomain", () => {
  it("is the root, host-only on localhost and IPs", () => {
    expect(siteCookieDomain("journal", "journal.example.co.uk")).toBe("example.co.uk");
    expect(siteCookieDomain("root", "example.co.uk")).toBe("example.co.uk");
    expect(siteCookieDomain("journal", "journal.nook.localhost:8787")).toBe("nook.localhost");
    expect(siteCookieDomain("root", "localhost:8787")).toBeUndefined();
    expect(siteCookieDomain("root", "127.0.0.1:8787")).toBeUndefined();
    expect(siteCookieDomain("root", "[::1]:8787")).toBeUndefined();
  });
});

describe("safeNext", () => {
  const here = { site: "auth" as const, host: "auth.nook.localhost:8787" };
  it("allows the root domain and its subdomains only", () => {
    expect(safeNext("http://journal.nook.localhost:8787/#entries", here)).toBe(
      "http://journal.nook.localhost:8787/#entries",
    );
    expect(safeNext("http://nook.localhost:8787/", here)).toBe("http://nook.localhost:8787/");
    expect(safeNext("https://evil.example/", here)).toBeNull();
    expect(safeNext("http://evil.localhost:8787/", here)).toBeNull();
    expect(safeNext("javascript:alert(1)", here)).toBeNull();
    expect(safeNext("/relative", here)).toBeNull();
    expect(safeNext(null, here)).toBeNull();
  });
  it("never lets a sibling under the same public suffix through", () => {
    const uk = { site: "auth" as const, host: "auth.example.co.uk" };
    expect(safeNext("https://journal.example.co.uk/x", uk)).toBe("https://journal.example.co.uk/x");
    expect(safeNext("https://evil.co.uk/", uk)).toBeNull();
    expect(safeNext("https://co.uk/", uk)).toBeNull();
  });
});
