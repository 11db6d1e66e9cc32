import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

const HSTS = "max-age=63072000; includeSubDomains";

describe("Strict-Transport-Security on the API's answers", () => {
  it("is sent over https, on answers and refusals alike", async () => {
    const health = await SELF.fetch("https://journal.example.com/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("Strict-Transport-Security")).toBe(HSTS);
    const missing = await SELF.fetch("https://journal.example.com/api/no-such-route");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Strict-Transport-Security")).toBe(HSTS);
    const signedOut = await SELF.fetch("https://journal.example.com/api/journal/entries");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("Strict-Transport-Security")).toBe(HSTS);
  });

  it("is not sent over http (local dev on *.localhost)", async () => {
    const health = await SELF.fetch("http://journal.nook.localhost/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.has("Strict-Transport-Security")).toBe(false);
  });
});

describe("COOP and a Permissions-Policy that allows nothing on the API's answers", () => {
  it("are sent over http and https, on answers and refusals alike", async () => {
    for (const url of [
      "http://journal.nook.localhost/api/health",
      "https://journal.example.com/api/health",
      "https://journal.example.com/api/no-such-route",
      "http://journal.nook.localhost/api/journal/entries",
    ]) {
      const res = await SELF.fetch(url);
      expect(res.headers.get("Cross-Origin-Opener-Policy"), url).toBe("same-origin");
      const policy = res.headers.get("Permissions-Policy") ?? "";
      expect(policy, url).toContain("geolocation=()");
      expect(policy, url).toContain("camera=()");
      expect(policy, url).not.toContain("(self)");
    }
  });
});
