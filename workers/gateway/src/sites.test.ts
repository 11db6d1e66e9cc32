import { describe, expect, it } from "vitest";
import { siteForHost } from "./sites.ts";

describe("siteForHost", () => {
  it("serves a site by its subdomain, locally and in production", () => {
    expect(siteForHost("journal.nook.localhost:8787")).toBe("journal");
    expect(siteForHost("auth.example.com")).toBe("auth");
    expect(siteForHost("LUPILEON.example.com")).toBe("lupileon");
  });
  it("serves the launcher on the apex and on unknown subdomains", () => {
    expect(siteForHost("nook.localhost:8787")).toBe("root");
    expect(siteForHost("example.com")).toBe("root");
    expect(siteForHost("root.example.com")).toBe("root");
    expect(siteForHost("www.example.com")).toBe("root");
  });
});

describe("siteForHost with the apex configured (ROOT_DOMAIN)", () => {
  it("reads the label just before the apex, whatever the suffix", () => {
    expect(siteForHost("journal.example.co.uk", "example.co.uk")).toBe("journal");
    expect(siteForHost("example.co.uk", "example.co.uk")).toBe("root");
    expect(siteForHost("www.example.co.uk", "example.co.uk")).toBe("root");
    expect(siteForHost("AUTH.Example.co.uk:443", "example.co.uk")).toBe("auth");
  });
  it("serves an apex whose own first label names a site as the launcher", () => {
    // journal.example.com as the apex: the first-label rule would serve the journal there.
    expect(siteForHost("journal.example.com", "journal.example.com")).toBe("root");
    expect(siteForHost("people.journal.example.com", "journal.example.com")).toBe("people");
  });
  it("falls back to the first label on a host outside the apex", () => {
    expect(siteForHost("journal.nook.localhost:8787", "example.com")).toBe("journal");
  });
});
