import { env } from "cloudflare:test";
import { ACCOUNT_HEADER } from "@nook/shared/common/account-header";
import { beforeEach, describe, expect, it } from "vitest";
import { bearer, count, dumpDb, errorBodyOf, ORIGIN, resetDb, send, signedInUser } from "../test/helpers.ts";

// The account a request names (`Nook-Account`) against its session's (platform/require-user.ts), and the
// account every answer under a session names. The route-walking suite (test/security.test.ts) sends
// every route with another account named; these are the header's own cases.

beforeEach(resetDb);

const ENTRIES = `${ORIGIN}/api/journal/entries`;
const entry = { text: "for whom?" };
const named = (id: number | string) => ({ [ACCOUNT_HEADER]: String(id) });

/** Ann and Bob signed in; Ann's session last seen two hours ago, so a request of hers that runs slides it. */
async function annAndBob() {
  const ann = await signedInUser("Ann");
  const bob = await signedInUser("Bob");
  await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?")
    .bind(Date.now() - 2 * 60 * 60 * 1000, ann.id)
    .run();
  return { ann, bob };
}

async function annsLastSeen(annId: number) {
  return (await env.DB.prepare("SELECT last_seen_at AS at FROM sessions WHERE user_id = ?")
    .bind(annId)
    .first<{ at: number }>())!.at;
}

describe("a request naming its account", () => {
  it("naming another account than the session's: 409, nothing written, no key claimed, the session not slid", async () => {
    const { ann, bob } = await annAndBob();
    const before = await dumpDb();
    const res = await send("POST", ENTRIES, entry, {
      Origin: ORIGIN,
      ...bearer(ann.token),
      ...named(bob.id),
      "Idempotency-Key": "one-write",
    });
    expect(res.status).toBe(409);
    expect(await errorBodyOf(res)).toEqual({
      message: "This was sent for another account than the one signed in now",
      error: "This was sent for another account than the one signed in now",
      code: "platform.otherAccount",
      values: {},
    });
    // The refusal says whose session it met, so the site can tell the person.
    expect(res.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    expect(res.headers.getSetCookie().filter((c) => c.includes("nook_session"))).toEqual([]);
    expect(await dumpDb()).toEqual(before);
    // The same key, sent again for the right account, is free: the refusal claimed nothing.
    const again = await send("POST", ENTRIES, entry, {
      Origin: ORIGIN,
      ...bearer(ann.token),
      ...named(ann.id),
      "Idempotency-Key": "one-write",
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await count("entries", "user_id = ?", ann.id)).toBe(1);
  });

  it("the session in a cookie is held to the same rule", async () => {
    const { ann, bob } = await annAndBob();
    const before = await dumpDb();
    const res = await send("POST", ENTRIES, entry, {
      Origin: ORIGIN,
      Cookie: `nook_session=${ann.token}`,
      ...named(bob.id),
    });
    expect(res.status).toBe(409);
    expect((await errorBodyOf(res)).code).toBe("platform.otherAccount");
    expect(await dumpDb()).toEqual(before);
  });

  it("a read naming another account is refused too", async () => {
    const { ann, bob } = await annAndBob();
    const before = await dumpDb();
    const res = await send("GET", ENTRIES, undefined, { Origin: ORIGIN, ...bearer(ann.token), ...named(bob.id) });
    expect(res.status).toBe(409);
    expect((await errorBodyOf(res)).code).toBe("platform.otherAccount");
    expect(await dumpDb()).toEqual(before);
  });

  it("naming the session's own account: the write goes through, the session slides, the answer names it", async () => {
    const { ann } = await annAndBob();
    const seen = await annsLastSeen(ann.id);
    const res = await send("POST", ENTRIES, entry, { Origin: ORIGIN, ...bearer(ann.token), ...named(ann.id) });
    expect(res.status).toBe(201);
    expect(res.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    expect(await count("entries", "user_id = ?", ann.id)).toBe(1);
    expect(await annsLastSeen(ann.id)).toBeGreaterThan(seen);
  });

  it("no header: taken as before, and the answer names the session's account", async () => {
    const { ann } = await annAndBob();
    const res = await send("POST", ENTRIES, entry, { Origin: ORIGIN, ...bearer(ann.token) });
    expect(res.status).toBe(201);
    expect(res.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    expect(await count("entries", "user_id = ?", ann.id)).toBe(1);
  });

  // Headers trims a value's spaces; two headers of the name arrive as one value, "1, 2".
  for (const value of ["", "0", "007", "-1", "+1", "1.0", "1e3", "0x1F", "ann", "9007199254740993", "1, 2"])
    it(`a malformed value ${JSON.stringify(value)}: 400, nothing written`, async () => {
      const { ann } = await annAndBob();
      const before = await dumpDb();
      const res = await send("POST", ENTRIES, entry, {
        Origin: ORIGIN,
        ...bearer(ann.token),
        [ACCOUNT_HEADER]: value,
      });
      expect(res.status).toBe(400);
      expect(await errorBodyOf(res)).toEqual({
        message: "The Nook-Account header is a user's id in decimal",
        error: "The Nook-Account header is a user's id in decimal",
        code: "platform.accountHeaderInvalid",
        values: {},
      });
      expect(await dumpDb()).toEqual(before);
    });

  it("with no session: 401 as without the header, naming no account", async () => {
    const { bob } = await annAndBob();
    const before = await dumpDb();
    for (const value of [String(bob.id), "not an id"]) {
      const res = await send("POST", ENTRIES, entry, { Origin: ORIGIN, [ACCOUNT_HEADER]: value });
      expect(res.status).toBe(401);
      expect((await errorBodyOf(res)).code).toBe("platform.signedOut");
      expect(res.headers.get(ACCOUNT_HEADER)).toBeNull();
    }
    expect(await dumpDb()).toEqual(before);
  });

  it("with a session that has ended: 401, not 409, naming no account", async () => {
    const { ann, bob } = await annAndBob();
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(ann.id).run();
    const before = await dumpDb();
    for (const [method, headers] of [
      ["POST", named(bob.id)],
      ["POST", named(ann.id)],
      ["POST", {}],
      ["GET", named(bob.id)],
    ] as const) {
      const res = await send(method, ENTRIES, method === "POST" ? entry : undefined, {
        Origin: ORIGIN,
        ...bearer(ann.token),
        ...headers,
      });
      expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(401);
      expect((await errorBodyOf(res)).code).toBe("platform.signedOut");
      expect(res.headers.get(ACCOUNT_HEADER)).toBeNull();
    }
    expect(await dumpDb()).toEqual(before);
  });
});

describe("the account an answer names", () => {
  it("a route's own refusal under the session names it too", async () => {
    const { ann } = await annAndBob();
    const missing = await send("GET", `${ENTRIES}/999999`, undefined, { Origin: ORIGIN, ...bearer(ann.token) });
    expect(missing.status).toBe(404);
    expect(missing.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    await errorBodyOf(missing);
    const invalid = await send("POST", ENTRIES, { text: 5 }, { Origin: ORIGIN, ...bearer(ann.token) });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    await errorBodyOf(invalid);
  });

  it("the auth check names it", async () => {
    const { ann } = await annAndBob();
    const res = await send("GET", `${ORIGIN}/api/auth/checkAuth`, undefined, { Origin: ORIGIN, ...bearer(ann.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get(ACCOUNT_HEADER)).toBe(String(ann.id));
    expect((await res.json<{ tokenData: { id: number } }>()).tokenData.id).toBe(ann.id);
  });
});

describe("routes without requireUser", () => {
  it("logout ends the browser's session whichever account a tab names", async () => {
    const { ann, bob } = await annAndBob();
    const res = await send("GET", `${ORIGIN}/api/auth/logout`, undefined, {
      Origin: ORIGIN,
      ...bearer(ann.token),
      ...named(bob.id),
    });
    expect(res.status).toBe(200);
    expect(await count("sessions", "user_id = ?", ann.id)).toBe(0);
  });

  it("a public route takes the header as it takes any other", async () => {
    const res = await send("GET", `${ORIGIN}/api/health`, undefined, { ...named("not an id") });
    expect(res.status).toBe(200);
    expect(res.headers.get(ACCOUNT_HEADER)).toBeNull();
  });
});
