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
