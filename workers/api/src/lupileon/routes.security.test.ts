import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorOf, resetDb, signedInUser } from "../test/helpers.ts";

// The summary is the signed-in user's own; the sky routes need no session (the by-date page works signed out).
describe("the summary is for the signed-in", () => {
  beforeEach(resetDb);

  it("signed out → 401, nothing written", async () => {
    const before = await dumpDb();
    const res = await SELF.fetch("http://lupileon.nook.localhost/api/lupileon/summary");
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("Not signed in");
    expect(await dumpDb()).toEqual(before);
  });

  it("a made-up token → 401", async () => {
    const res = await SELF.fetch("http://lupileon.nook.localhost/api/lupileon/summary", {
      headers: { Authorization: "Bearer not.a.token" },
    });
    expect(res.status).toBe(401);
  });
});

// Only the summary asks for a session; a path under /api/lupileon that is no route is a 404,
// signed out or in — not a 401 that would suggest it exists behind the sign-in.
describe("a path that is no route is 404", () => {
  beforeEach(resetDb);

  const paths = [
    "/api/lupileon/moon/",
    "/api/lupileon/moon",
    "/api/lupileon/",
    "/api/lupileon",
    "/api/lupileon/no-such-thing",
    "/api/lupileon/summary/extra",
    "/api/lupileon/solar/2025-01-01/more",
  ];

  it("signed out → 404 Not found, nothing written", async () => {
    const before = await dumpDb();
    for (const path of paths) {
      const res = await SELF.fetch(`http://lupileon.nook.localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(await errorOf(res), path).toBe("Not found");
    }
    expect(await dumpDb()).toEqual(before);
  });

  it("signed in → 404 too", async () => {
    const { token } = await signedInUser("Ann");
    for (const path of paths) {
      const res = await SELF.fetch(`http://lupileon.nook.localhost${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});
