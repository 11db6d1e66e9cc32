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
