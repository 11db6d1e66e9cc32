import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, cookiePair, createUser, login, PASSWORD, resetDb } from "../test/helpers.ts";

beforeEach(resetDb);

describe("the Origin check on unsafe methods", () => {
  it("refuses other sites' origins and cookie requests without an Origin", async () => {
    const ann = await createUser("Ann");
    const res = await login(ann.email);
    const cookie = cookiePair(res);
    const { token } = await res.json<{ token: string }>();
    const change = (headers: Record<string, string>) =>
      SELF.fetch(`${AUTH}/api/auth/change-password`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ currentPassword: PASSWORD, newPassword: "attacker chosen pw" }),
      });
    for (const headers of <Record<string, string>[]>[
      { Cookie: cookie, Origin: "http://evil.localhost" },
      { Cookie: cookie, Origin: "https://nook.localhost.evil.com" },
      { Cookie: cookie, Origin: "null" },
      // Our own host on another port, or over another scheme, is another origin (RFC 6454).
      { Cookie: cookie, Origin: "http://journal.nook.localhost:1" },
      { Cookie: cookie, Origin: "http://auth.nook.localhost:8080" },
      { Cookie: cookie, Origin: "https://auth.nook.localhost" },
      { Cookie: cookie },
    ]) {
      const refused = await change(headers);
      expect(refused.status).toBe(403);
      expect((await refused.json<{ message: string }>()).message).toBe("Cross-site request refused");
    }
    expect((await login(ann.email)).status).toBe(200);
    // A sibling subdomain is the same site; a script with a Bearer token sends no Origin.
    expect((await change({ Cookie: cookie, Origin: "http://journal.nook.localhost" })).status).toBe(200);
    // Past the Origin check (not 403): the password changed just above, so the old one is now wrong.
    expect((await change({ ...bearer(token) })).status).toBe(401);
  });
});
