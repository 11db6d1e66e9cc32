import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { fromBase64url } from "../platform/base64url.ts";
import { type CreationOptions, createPasskey, type SoftPasskey, signWith, UP } from "../test/authenticator.ts";
import {
  AUTH,
  bearer,
  bodyOf,
  claimsOf,
  count,
  dumpDb,
  errorBodyOf,
  PASSWORD,
  resetDb,
  send,
  signedInUser,
  signIn,
} from "../test/helpers.ts";

// Passkeys' routes (auth/passkeys.ts): the options, the challenge kept for one browser and one use, every
// refusal, and the ceremony itself with a software authenticator (test/authenticator.ts: an ES256 key in
// WebCrypto, attestation "none", its bytes built by hand) — registration with the password, sign-in, the
// counter, user verification, the user handle. The browser's side, with Chromium's virtual authenticator,
// is the e2e's (e2e/passkeys.test.ts).

beforeEach(resetDb);

type User = Awaited<ReturnType<typeof signedInUser>>;
const as = (user: User) => bearer(user.token);

/**
 * A browser's cookies, by name, as a browser keeps them: each answer's Set-Cookie taken in (a cleared one
 * dropped), all of them sent with the next request. Enough for the challenge's and the session's cookies.
 */
class Browser {
  readonly cookies = new Map<string, string>();
  /** Sends a request to the passkeys' routes with this browser's cookies, and keeps the cookies it answers. */
  async call(path: string, method: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await send(method, `${AUTH}/api/auth/passkeys${path}`, body, {
      Origin: AUTH,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    });
    this.take(res);
    return res;
  }
  take(res: Response) {
    for (const set of res.headers.getSetCookie()) {
      const [pair = ""] = set.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === "" || /Max-Age=0/i.test(set)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get challengeCookie() {
    return this.cookies.get("nook_webauthn");
  }
}

/** The challenge rows kept, for checks of what is kept and what is spent. */
const challenges = () => count("webauthn_challenges");

/** A registration's options for `user` in `browser`, with the account's password. */
async function registrationOptions(browser: Browser, user: User) {
  const res = await browser.call("/register/options", "POST", { currentPassword: PASSWORD }, as(user));
  return bodyOf<CreationOptions & { authenticatorSelection: { userVerification: string } }>(res, 200);
}

/** A passkey registered for `user` by the software authenticator, through the API. */
async function registered(user: User, browser = new Browser()): Promise<SoftPasskey> {
  const options = await registrationOptions(browser, user);
  const { passkey, response } = await createPasskey(options, AUTH);
  await bodyOf(await browser.call("/register", "POST", { name: "Phone", response }, as(user)), 201);
  return passkey;
}

/** A sign-in's challenge for `browser`. */
async function signInChallenge(browser: Browser) {
  const options = await bodyOf<{ challenge: string; userVerification: string }>(
    await browser.call("/login/options", "POST"),
    200,
  );
  return options.challenge;
}

const stored = (id: string) =>
  env.DB.prepare("SELECT counter, last_used_at AS lastUsedAt FROM passkeys WHERE id = ?")
    .bind(id)
    .first<{ counter: number; lastUsedAt: number | null }>();

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

describe("adding a passkey asks who you are", () => {
  it("a registration's options take the password: they name this site and the account, ask for user verification, keep one challenge", async () => {
    const ann = await signedInUser("Ann");
    const browser = new Browser();
    const res = await browser.call("/register/options", "POST", { currentPassword: PASSWORD }, as(ann));
    const set = res.headers.getSetCookie().find((c) => c.startsWith("nook_webauthn="));
    expect(set).toMatch(/Path=\/api\/auth\/passkeys; .*HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    const options = await bodyOf<{
      rp: { id: string; name: string };
      user: { name: string; id: string };
      challenge: string;
      authenticatorSelection: { userVerification: string; residentKey: string };
    }>(res, 200);
    expect(options.rp).toEqual({ id: "auth.nook.localhost", name: "Nook" });
    expect(options.user.name).toBe(ann.email);
    expect(options.challenge.length).toBeGreaterThan(20);
    expect(options.authenticatorSelection).toMatchObject({ userVerification: "required", residentKey: "required" });
    // One challenge, this account's, kept under the hash of the browser's nonce, never the nonce itself.
    const rows = await env.DB.prepare("SELECT * FROM webauthn_challenges").all<Record<string, unknown>>();
    expect(rows.results).toEqual([
      expect.objectContaining({ purpose: "register", user_id: ann.id, challenge: options.challenge }),
    ]);
    expect(rows.results[0]?.id).not.toBe(browser.challengeCookie);
    // Asked again in the same browser: the earlier challenge goes, one is kept.
    await registrationOptions(browser, ann);
    expect(await challenges()).toBe(1);
    expect(await bodyOf(await browser.call("", "GET", undefined, as(ann)), 200)).toEqual([]);
  });

  it("the user handle is random, at least 16 bytes, the account's own, never its id", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const annHandle = fromBase64url((await registrationOptions(new Browser(), ann)).user.id);
    const bobHandle = fromBase64url((await registrationOptions(new Browser(), bob)).user.id);
    expect(annHandle.length).toBeGreaterThanOrEqual(16);
    expect(bobHandle.length).toBeGreaterThanOrEqual(16);
    expect(new TextDecoder().decode(annHandle)).not.toBe(String(ann.id));
    expect(annHandle).not.toEqual(bobHandle);
    // The same one each time it is asked: the account's, kept in users.user_handle (set by the insert's trigger).
    const again = fromBase64url((await registrationOptions(new Browser(), ann)).user.id);
    expect(again).toEqual(annHandle);
    const row = await env.DB.prepare("SELECT user_handle AS handle FROM users WHERE id = ?")
      .bind(ann.id)
      .first<{ handle: string }>();
    expect(row?.handle).toBe([...annHandle].map((b) => b.toString(16).padStart(2, "0")).join(""));
  });

  it("without the password, or with a wrong one: 401 with its code, no challenge kept, the wrong one counted", async () => {
    const ann = await signedInUser("Ann");
    const browser = new Browser();
    for (const [body, code] of [
      [{}, "auth.passkeyNeedsPassword"],
      [{ currentPassword: "" }, "auth.passkeyNeedsPassword"],
      [{ currentPassword: "not my password" }, "auth.wrongPassword"],
    ] as const) {
      const res = await browser.call("/register/options", "POST", body, as(ann));
      expect([res.status, (await errorBodyOf(res)).code]).toEqual([401, code]);
      expect(res.headers.getSetCookie().filter((c) => c.startsWith("nook_webauthn="))).toEqual([]);
    }
    expect(await challenges()).toBe(0);
    expect(browser.challengeCookie).toBeUndefined();
    // The wrong one is held against the account as a wrong current password is (throttle.ts).
    expect(await count("login_attempts", "key = ?", `password:${ann.id}`)).toBe(1);
    // No body at all is no JSON (the form's 400), and keeps nothing either.
    const none = await browser.call("/register/options", "POST", undefined, as(ann));
    expect(none.status).toBe(400);
    expect(await challenges()).toBe(0);
  });

  it("is throttled as sign-in is: past 10 wrong passwords in the window, even the right one waits (429)", async () => {
    const ann = await signedInUser("Ann");
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 10 }, () =>
        env.DB.prepare("INSERT INTO login_attempts (key, at) VALUES (?, ?)").bind(`password:${ann.id}`, now),
      ),
    );
    const res = await new Browser().call("/register/options", "POST", { currentPassword: PASSWORD }, as(ann));
    expect([res.status, (await errorBodyOf(res)).code]).toEqual([429, "auth.passwordThrottled"]);
    expect(await challenges()).toBe(0);
  });

  it("refuses an answer without its challenge, or one that is no passkey's, and keeps nothing", async () => {
    const ann = await signedInUser("Ann");
    const before = await dumpDb();
    const browser = new Browser();
    const none = await browser.call("/register", "POST", { name: "Phone", response: fakeRegistration }, as(ann));
    expect([none.status, (await errorBodyOf(none)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    await registrationOptions(browser, ann);
    const forged = await browser.call("/register", "POST", { name: "Phone", response: fakeRegistration }, as(ann));
    expect([forged.status, (await errorBodyOf(forged)).code]).toEqual([400, "auth.passkeyRefused"]);
    const bad = await browser.call("/register", "POST", { name: "", response: fakeRegistration }, as(ann));
    expect([bad.status, (await errorBodyOf(bad)).message]).toEqual([400, "Name is required"]);
    const notOne = await browser.call(
      "/register",
      "POST",
      { name: "x", response: { ...fakeRegistration, type: "x" } },
      as(ann),
    );
    expect([notOne.status, (await errorBodyOf(notOne)).code]).toEqual([400, "auth.passkeyUnreadable"]);
    // The refused answer took its challenge with it: the tables are as they were before it was asked.
    expect(await dumpDb()).toEqual(before);
  });

  it("another account's challenge registers nothing for this one", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const browser = new Browser();
    const options = await registrationOptions(browser, ann);
    const { response } = await createPasskey(options, AUTH);
    // Bob's session in the browser that asked for Ann: her challenge is hers alone.
    const res = await browser.call("/register", "POST", { name: "Phone", response }, as(bob));
    expect([res.status, (await errorBodyOf(res)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    expect(await count("passkeys")).toBe(0);
  });
});

describe("a passkey's ceremony, with a software authenticator", () => {
  it("registers with the password, signs in, and keeps the counter; a counter that does not move on is refused", async () => {
    const ann = await signedInUser("Ann");
    const passkey = await registered(ann);
    expect(await bodyOf(await new Browser().call("", "GET", undefined, as(ann)), 200)).toEqual([
      expect.objectContaining({ id: passkey.id, name: "Phone", lastUsedAt: null }),
    ]);
    expect(await stored(passkey.id)).toEqual({ counter: 0, lastUsedAt: null });

    const browser = new Browser();
    const first = await browser.call("/login", "POST", {
      response: await signWith(passkey, await signInChallenge(browser), AUTH),
    });
    const { token } = await bodyOf<{ token: string }>(first, 200);
    expect(claimsOf(token).sub).toBe(String(ann.id));
    expect(browser.cookies.get("nook_session")).toBe(token);
    // The session is a live one: it reads the account.
    const me = await send("GET", `${AUTH}/api/auth/me`, undefined, bearer(token));
    expect((await bodyOf<{ email: string }>(me, 200)).email).toBe(ann.email);
    expect((await stored(passkey.id))?.counter).toBe(1);
    expect((await stored(passkey.id))?.lastUsedAt).toBeGreaterThan(0);

    // On by 4: kept as the authenticator says.
    await bodyOf(
      await browser.call("/login", "POST", {
        response: await signWith(passkey, await signInChallenge(browser), AUTH, { step: 4 }),
      }),
      200,
    );
    expect((await stored(passkey.id))?.counter).toBe(5);

    // A counter that stays at 5 (a cloned authenticator): refused, no session, the counter as it was.
    const sessions = await count("sessions");
    const stuck = await browser.call("/login", "POST", {
      response: await signWith(passkey, await signInChallenge(browser), AUTH, { step: 0 }),
    });
    expect([stuck.status, (await errorBodyOf(stuck)).code]).toEqual([401, "auth.passkeyRefused"]);
    expect(await count("sessions")).toBe(sessions);
    expect((await stored(passkey.id))?.counter).toBe(5);
    // Every challenge handed out here was used or refused: none is left.
    expect(await challenges()).toBe(0);
  });

  it("a used challenge is refused: a registration's, and a sign-in's even from a passkey whose counter stays 0", async () => {
    const ann = await signedInUser("Ann");
    const browser = new Browser();
    const options = await registrationOptions(browser, ann);
    const { passkey, response } = await createPasskey(options, AUTH);
    const cookie = `nook_webauthn=${browser.challengeCookie}`;
    await bodyOf(await browser.call("/register", "POST", { name: "Phone", response }, as(ann)), 201);
    // The same answer again, with the cookie it was sent with: the challenge is spent.
    const again = await send(
      "POST",
      `${AUTH}/api/auth/passkeys/register`,
      { name: "Again", response },
      { ...as(ann), Cookie: cookie },
    );
    expect([again.status, (await errorBodyOf(again)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    expect(await count("passkeys")).toBe(1);

    // A synced passkey's counter stays 0, so the counter cannot tell a replay: the challenge must.
    const challenge = await signInChallenge(browser);
    const nonce = `nook_webauthn=${browser.challengeCookie}`;
    const assertion = await signWith(passkey, challenge, AUTH, { step: 0 });
    await bodyOf(await browser.call("/login", "POST", { response: assertion }), 200);
    const sessions = await count("sessions");
    const replay = await send("POST", `${AUTH}/api/auth/passkeys/login`, { response: assertion }, { Cookie: nonce });
    expect([replay.status, (await errorBodyOf(replay)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    // Two answers to one challenge sent together: the batch that accepts one spends it, the other's aborts.
    const once = await signInChallenge(browser);
    const together = `nook_webauthn=${browser.challengeCookie}`;
    const answers = [
      await signWith(passkey, once, AUTH, { step: 0 }),
      await signWith(passkey, once, AUTH, { step: 0 }),
    ];
    const [a, b] = await Promise.all(
      answers.map((response) => send("POST", `${AUTH}/api/auth/passkeys/login`, { response }, { Cookie: together })),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 401]);
    expect(await count("sessions")).toBe(sessions + 1);
    expect(await challenges()).toBe(0);
  });

  it("a sign-in's challenge answers only in the browser that asked for it", async () => {
    const ann = await signedInUser("Ann");
    const passkey = await registered(ann);
    const mine = new Browser();
    const theirs = new Browser();
    const challenge = await signInChallenge(mine);
    await signInChallenge(theirs);
    // Another browser, with a challenge of its own, sends an answer to this one's: refused.
    const elsewhere = await theirs.call("/login", "POST", { response: await signWith(passkey, challenge, AUTH) });
    expect([elsewhere.status, (await errorBodyOf(elsewhere)).code]).toEqual([401, "auth.passkeyRefused"]);
    // And one with none at all.
    const bare = await new Browser().call("/login", "POST", { response: await signWith(passkey, challenge, AUTH) });
    expect([bare.status, (await errorBodyOf(bare)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    expect(await count("sessions")).toBe(1);
    // The browser that asked still signs in with it.
    await bodyOf(await mine.call("/login", "POST", { response: await signWith(passkey, challenge, AUTH) }), 200);
    expect(await count("sessions")).toBe(2);
  });

  it("requires user verification: an answer without the UV flag is refused, at registration and at sign-in", async () => {
    const ann = await signedInUser("Ann");
    const browser = new Browser();
    const options = await registrationOptions(browser, ann);
    const present = await createPasskey(options, AUTH, { flags: UP });
    const res = await browser.call("/register", "POST", { name: "Key", response: present.response }, as(ann));
    expect([res.status, (await errorBodyOf(res)).code]).toEqual([400, "auth.passkeyRefused"]);
    expect(await count("passkeys")).toBe(0);

    const passkey = await registered(ann);
    const signIn = await browser.call("/login", "POST", {
      response: await signWith(passkey, await signInChallenge(browser), AUTH, { flags: UP }),
    });
    expect([signIn.status, (await errorBodyOf(signIn)).code]).toEqual([401, "auth.passkeyRefused"]);
    expect(await count("sessions")).toBe(1);
    expect((await stored(passkey.id))?.counter).toBe(0);
    // The options asked for it.
    const asked = await bodyOf<{ userVerification: string }>(await browser.call("/login/options", "POST"), 200);
    expect(asked.userVerification).toBe("required");
  });

  it("an answer naming another account's user handle is refused", async () => {
    const ann = await signedInUser("Ann");
    const bob = await signedInUser("Bob");
    const passkey = await registered(ann);
    const bobs = (await registrationOptions(new Browser(), bob)).user.id;
    const browser = new Browser();
    const res = await browser.call("/login", "POST", {
      response: await signWith({ ...passkey, userHandle: bobs }, await signInChallenge(browser), AUTH),
    });
    expect([res.status, (await errorBodyOf(res)).code]).toEqual([401, "auth.passkeyRefused"]);
  });

  it("a passkey's sign-in ends the session the browser had, as a password sign-in does", async () => {
    const ann = await signedInUser("Ann");
    const passkey = await registered(ann);
    const browser = new Browser();
    const before = await signIn(ann.email);
    browser.cookies.set("nook_session", before.cookie.split("=")[1] ?? "");
    const { token } = await bodyOf<{ token: string }>(
      await browser.call("/login", "POST", { response: await signWith(passkey, await signInChallenge(browser), AUTH) }),
      200,
    );
    expect(await count("sessions", "id = ?", before.sessionId)).toBe(0);
    expect(await count("sessions", "id = ?", claimsOf(token).sid)).toBe(1);
    // The test's own session (signedInUser) is another browser's: it lives on.
    expect(await count("sessions", "id = ?", claimsOf(ann.token).sid)).toBe(1);
  });

  it("changing the password removes every passkey when asked, in the same batch; else keeps them", async () => {
    const ann = await signedInUser("Ann");
    const kept = await registered(ann);
    const change = (body: Record<string, unknown>) => send("POST", `${AUTH}/api/auth/change-password`, body, as(ann));
    expect(await bodyOf(await change({ currentPassword: PASSWORD, newPassword: "a brand new password" }), 200)).toEqual(
      { message: "Password changed", passkeysRemoved: 0 },
    );
    expect(await count("passkeys")).toBe(1);
    // A wrong password removes nothing.
    const wrong = await change({
      currentPassword: PASSWORD,
      newPassword: "another new password",
      removePasskeys: true,
    });
    expect(wrong.status).toBe(401);
    expect(await count("passkeys")).toBe(1);
    expect(
      await bodyOf(
        await change({
          currentPassword: "a brand new password",
          newPassword: "another new password",
          removePasskeys: true,
        }),
        200,
      ),
    ).toEqual({ message: "Password changed", passkeysRemoved: 1 });
    expect(await count("passkeys")).toBe(0);
    // Removed, it signs in no one.
    const browser = new Browser();
    const res = await browser.call("/login", "POST", {
      response: await signWith(kept, await signInChallenge(browser), AUTH),
    });
    expect([res.status, (await errorBodyOf(res)).code]).toEqual([401, "auth.passkeyUnknown"]);
  });
});

describe("refusals", () => {
  it("a sign-in with a passkey no account has is 401; without its challenge 401; no session begins", async () => {
    const before = await dumpDb();
    const browser = new Browser();
    const none = await browser.call("/login", "POST", { response: fakeSignIn });
    expect([none.status, (await errorBodyOf(none)).code]).toEqual([401, "auth.passkeyNoChallenge"]);
    await signInChallenge(browser);
    const unknown = await browser.call("/login", "POST", { response: fakeSignIn });
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
    const browser = new Browser();
    const res = await browser.call("/annskey", "DELETE", undefined, as(bob));
    expect(res.status).toBe(404);
    expect(await bodyOf(await browser.call("", "GET", undefined, as(bob)), 200)).toEqual([]);
    expect(await bodyOf(await browser.call("", "GET", undefined, as(ann)), 200)).toEqual([
      { id: "annskey", name: "Phone", createdAt: "1970-01-01T00:00:00.001Z", lastUsedAt: null },
    ]);
    // A forged answer naming Ann's passkey is refused by its signature.
    await signInChallenge(browser);
    const forged = await browser.call("/login", "POST", {
      response: { ...fakeSignIn, id: "annskey", rawId: "annskey" },
    });
    expect([forged.status, (await errorBodyOf(forged)).code]).toEqual([401, "auth.passkeyRefused"]);
    expect(await bodyOf(await browser.call("/annskey", "DELETE", undefined, as(ann)), 200)).toEqual({
      message: "Passkey removed",
    });
  });
});
