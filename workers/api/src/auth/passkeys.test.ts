import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, bodyOf, dumpDb, errorBodyOf, resetDb, send, signedInUser } from "../test/helpers.ts";

// Passkeys' routes (auth/passkeys.ts): what a workerd test can check without an authenticator — the
// options, the challenge cookie, and every refusal writing nothing. The ceremony itself is the e2e's, with
// Chromium's virtual authenticator (e2e/passkeys.test.ts).

beforeEach(resetDb);

type User = Awaited<ReturnType<typeof signedInUser>>;
const call = (path: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
  send(method, `${AUTH}/api/auth/passkeys${path}`, body, { Origin: AUTH, ...headers });
const as = (user: User) => bearer(user.token);
/** The challenge cookie an options answer sets, as `name=value`. */
const challengeOf = (res: Response) => {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("nook_webauthn="));
  expect(set).toMatch(/Path=\/api\/auth\/passkeys; .*HttpOnly/);
  return set?.split(";")[0] ?? "";
};
const fakeRegistration = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", attestationObject: "oA" },
};
const fakeSignIn = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  clientExtensionResults: {},
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
};

describe("passkeys", () => {
  it("a registration's options name this site and the account, and keep their challenge in a cookie", async () => {
    const ann = await signedInUser("Ann");
    const res = await call("/register/options", "POST", undefined, as(ann));
    const options = await bodyOf<{ rp: { id: string; name: string }; user: { name: string }; challenge: string }>(
      res,
      200,
    );
    expect(options.rp).toEqual({ id: "auth.nook.localhost", name: "Nook" });
    expect(options.user.name).toBe(ann.email);
    expect(options.challenge.length).toBeGreaterThan(20);
    expect(challengeOf(res)).not.toBe("");
    expect(await bodyOf(await call("", "GET", undefined, as(ann)), 200)).toEqual([]);
  });

  it("refuses an answer without its challenge, or one that is no passkey's, and writes nothing", async () => {
    const ann = await signedInUser("Ann");
    const before = await dumpDb();
    const none = await call("/register", "POST", { name: "Phone", response: fakeRegistration }, as(ann));
    expect([none.status, (await errorBodyOf(none)).code]).toEqual([400, "auth.passkeyNoChallenge"]);
    const cookie = challengeOf(await call("/register/options", "POST", undefined, as(ann)));
    const forged = await call(
      "/register",
      "POST",
      { name: "Phone", response: fakeRegistration },
      {
        ...as(ann),
        Cookie: cookie,
      },
    );
    expect([forged.status, (await errorBodyOf(forged)).code]).toEqual([400, "auth.passkeyRefused"]);
    const bad = await call("/register", "POST", { name: "", response: fakeRegistration }, as(ann));
    expect([bad.status, (await errorBodyOf(bad)).message]).toEqual([400, "Name is required"]);
    const notOne = await call(
      "/register",
      "POST",
      { name: "x", response: { ...fakeRegistration, type: "x" } },
      as(ann),
    );
    expect([notOne.status, (await errorBodyOf(notOne)).code]).toEqual([400, "auth.passkeyUnreadable"]);
    expect(await dumpDb()).toEqual(before);
  });

  it("a sign-in with a passkey no account has is 401; without its challenge 400; no session begins", async () => {
    const before = await dumpDb();
    const none = await call("/login", "POST", { response: fakeSignIn });
    expect([none.status, (await errorBodyOf(none)).code]).toEqual([400, "auth.passkeyNoChallenge"]);
    const cookie = challengeOf(await call("/login/options", "POST"));
    const unknown = await call("/login", "POST", { response: fakeSignIn }, { Cookie: cookie });
    expect([unknown.status, (await errorBodyOf(unknown)).code]).toEqual([401, "auth.passkeyUnknown"]);
    expect(await dumpDb()).toEqual(before);
  });

  it("a passkey of another account cannot be removed (404), and signs in no one but its own", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    await env.DB.prepare(
      "INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, created_at) VALUES ('annskey', ?, 'AA', 0, '[]', 'Phone', 1)",
    )
      .bind(ann.id)
      .run();
    const res = await call("/annskey", "DELETE", undefined, as(bob));
    expect(res.status).toBe(404);
    expect(await bodyOf(await call("", "GET", undefined, as(bob)), 200)).toEqual([]);
    expect(await bodyOf(await call("", "GET", undefined, as(ann)), 200)).toEqual([
      { id: "annskey", name: "Phone", createdAt: "1970-01-01T00:00:00.001Z", lastUsedAt: null },
    ]);
    // A forged answer naming Ann's passkey is refused by its signature.
    const cookie = challengeOf(await call("/login/options", "POST"));
    const forged = await call(
      "/login",
      "POST",
      { response: { ...fakeSignIn, id: "annskey", rawId: "annskey" } },
      {
        Cookie: cookie,
      },
    );
    expect([forged.status, (await errorBodyOf(forged)).code]).toEqual([401, "auth.passkeyRefused"]);
    expect(await bodyOf(await call("/annskey", "DELETE", undefined, as(ann)), 200)).toEqual({
      message: "Passkey removed",
    });
  });
});
