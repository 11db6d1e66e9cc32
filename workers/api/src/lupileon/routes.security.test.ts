import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { dumpDb, errorOf, resetDb } from "../test/helpers.ts";

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
