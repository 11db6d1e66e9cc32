import { describe, expect, it } from "vitest";
import { safeNext, siteOrigin } from "./sites.ts";

describe("siteOrigin", () => {
  const here = { protocol: "http:", host: "journal.nook.localhost:8787" };
  it("builds sibling and root origins keeping the port", () => {
    expect(siteOrigin("auth", here)).toBe("http://auth.nook.localhost:8787");
    expect(siteOrigin("root", here)).toBe("http://nook.localhost:8787");
    expect(siteOrigin("people", { protocol: "https:", host: "example.com" })).toBe("https://people.example.com");
  });
});

describe("safeNext", () => {
  const here = { host: "auth.nook.localhost:8787" };
  it("allows the root domain and its subdomains only", () => {
    expect(safeNext("http://journal.nook.localhost:8787/#entries", here)).toBe(
      "http://journal.nook.localhost:8787/#entries",
    );
    expect(safeNext("https://evil.example/", here)).toBeNull();
    expect(safeNext("javascript:alert(1)", here)).toBeNull();
    expect(safeNext("/relative", here)).toBeNull();
    expect(safeNext(null, here)).toBeNull();
  });
});
