import { env } from "cloudflare:test";
import { scrypt } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, count, createUser, dumpDb, errorBodyOf, login, resetDb, send, signIn } from "../test/helpers.ts";
import { checkPassword } from "./password.ts";

// Passwords as typed: hashed and compared in NFC, so the same word keyed as a precomposed
// "é" or as "e" and a combining accent is one password; a hash made before, from a form that is not NFC,
// still signs in and is made again from NFC. The strength checks see through invisible characters and spaces.

beforeEach(resetDb);

/** One password in its two canonical forms: precomposed (NFC) and decomposed (NFD). */
const COMPOSED = "cr\u00e8me br\u00fbl\u00e9e \u00e0 minuit";
const DECOMPOSED = "cre\u0300me bru\u0302le\u0301e a\u0300 minuit";

const register = (password: string, email = "zoe@example.com", username = "zoe") =>
  send(
    "POST",
    `${AUTH}/api/auth/register`,
    { email, name: "Zoë", username, password },
    { Origin: AUTH, "CF-Connecting-IP": "192.0.2.50" },
  );
const storedHash = async (email: string) =>
  (await env.DB.prepare("SELECT password_hash AS h FROM users WHERE email = ?").bind(email).first<{ h: string }>())!.h;

/**
 * A hash as it was made before passwords were normalised: of exactly these characters, at the suite's cost
 * (scrypt N=1024, r=8, p=1), in password.ts's format.
 */
async function hashAsTyped(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 32, { N: 1024, r: 8, p: 1 }, (err, k) => (err ? reject(err) : resolve(k))),
  );
  return `scrypt$N=1024,r=8,p=1$${Buffer.from(salt).toString("base64")}$${key.toString("base64")}`;
}

describe("the two forms of one password", () => {
  it("the fixtures are one word in two forms", () => {
    expect(COMPOSED).not.toBe(DECOMPOSED);
    expect(DECOMPOSED.normalize("NFC")).toBe(COMPOSED);
    expect(COMPOSED.normalize("NFD")).toBe(DECOMPOSED);
  });

  it("set precomposed, signs in typed decomposed, and the other way round", async () => {
    expect((await register(COMPOSED)).status).toBe(201);
    expect((await login("zoe@example.com", DECOMPOSED)).status).toBe(200);
    expect((await login("zoe@example.com", COMPOSED)).status).toBe(200);

    expect((await register(DECOMPOSED, "yan@example.com", "yan")).status).toBe(201);
    // What is hashed is the password as typed, in NFC: its NFC form matches at the first check.
    expect(await checkPassword(COMPOSED, await storedHash("yan@example.com"))).toBe("nfc");
    expect((await login("yan@example.com", COMPOSED)).status).toBe(200);
    expect((await login("yan@example.com", DECOMPOSED)).status).toBe(200);
    // Another word is still another word.
    expect((await login("yan@example.com", "creme brulee a minuit")).status).toBe(401);
  });

  it("a changed password and the current-password checks (e-mail change, deletion) take either form", async () => {
    await register("a first long password");
    const zoe = await signIn("zoe@example.com", "a first long password");
    const changed = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: "a first long password", newPassword: DECOMPOSED },
      { ...bearer(zoe.token), Origin: AUTH },
    );
    expect(changed.status).toBe(200);
    const again = await signIn("zoe@example.com", COMPOSED);
    // The change's own current-password check, keyed in the other form.
    const back = await send(
      "POST",
      `${AUTH}/api/auth/change-password`,
      { currentPassword: DECOMPOSED, newPassword: COMPOSED },
      { ...bearer(again.token), Origin: AUTH },
    );
    expect(back.status).toBe(200);
    const moved = await send(
      "PUT",
      `${AUTH}/api/user/profile`,
      {
        email: "zoe.new@example.com",
        name: "Zoë",
        username: "zoe",
        accentColor: "turquoise",
        currentPassword: DECOMPOSED,
      },
      { ...bearer(again.token), Origin: AUTH },
    );
    expect(moved.status, await moved.clone().text()).toBe(200);
    const gone = await send(
      "DELETE",
      `${AUTH}/api/user/account`,
      { password: DECOMPOSED },
      { ...bearer(again.token), Origin: AUTH },
    );
    expect(gone.status, await gone.clone().text()).toBe(200);
    expect(await count("users")).toBe(0);
  });

  it("a hash made from a decomposed password signs in as typed once more, and is made again from NFC", async () => {
    const old = await hashAsTyped(DECOMPOSED);
    const zoe = await createUser("Zoe", { passwordHash: old });
    // The NFC form alone is not what that hash was made from: the typed form is what reaches it.
    expect(await checkPassword(DECOMPOSED, old)).toBe("typed");
    expect((await login(zoe.email, DECOMPOSED)).status).toBe(200);
    const renewed = await storedHash(zoe.email);
    expect(renewed).not.toBe(old);
    expect(await checkPassword(COMPOSED, renewed)).toBe("nfc");
    // From now on either form signs in, and the hash stays as it is.
    expect((await login(zoe.email, COMPOSED)).status).toBe(200);
    expect((await login(zoe.email, DECOMPOSED)).status).toBe(200);
    expect(await storedHash(zoe.email)).toBe(renewed);
  });

  it("a hash already made from NFC is not made again, and a wrong password changes nothing", async () => {
    const zoe = await createUser("Zoe", { passwordHash: await hashAsTyped(COMPOSED) });
    const before = await storedHash(zoe.email);
    expect((await login(zoe.email, DECOMPOSED)).status).toBe(200);
    expect(await storedHash(zoe.email)).toBe(before);
    expect((await login(zoe.email, `${DECOMPOSED}!`)).status).toBe(401);
    expect(await storedHash(zoe.email)).toBe(before);
  });
});

describe("disguised weak passwords are refused like the plain ones, and nothing is written", () => {
  const disguised: [string, string][] = [
    ["pass\u200Bword", "auth.passwordCommon"], // zero-width space
    ["pass\u00ADword", "auth.passwordCommon"], // soft hyphen
    ["pass\u200Dword", "auth.passwordCommon"], // zero-width joiner
    ["pass\u200Cword", "auth.passwordCommon"], // zero-width non-joiner
    ["\uFEFFpassword", "auth.passwordCommon"], // byte-order mark
    ["pass\u2060word", "auth.passwordCommon"], // word joiner
    ["1234\u200B5678", "auth.passwordCommon"],
    ["password ", "auth.passwordCommon"],
    ["  password\u00A0", "auth.passwordCommon"], // spaces around it, a no-break one too
    ["  password\u3000", "auth.passwordCommon"], // ideographic space
    ["\uFF50\uFF41\uFF53\uFF53\uFF57\uFF4F\uFF52\uFF44", "auth.passwordCommon"], // full-width letters
    [" ".repeat(8), "auth.passwordBlank"],
    [" ".repeat(20), "auth.passwordBlank"],
    [" \u00A0 \u3000 \u2003  \u2028", "auth.passwordBlank"], // no-break, ideographic, em spaces
    ["\u00A0".repeat(8), "auth.passwordBlank"],
    ["\u200B".repeat(8), "auth.passwordBlank"],
    ["my z\u200Boe diary", "auth.passwordPersonal"], // the username, split by a zero-width space
    ["no\u00ADok at heart", "auth.passwordPersonal"],
  ];

  /** Each case as [password, status, code]: gathered, then compared at once, so a failure shows every case. */
  const expected = disguised.map(([password, code]) => [JSON.stringify(password), 400, code]);
  const codeOf = async (res: Response) => (res.ok ? "taken" : (await errorBodyOf(res)).code);

  it("at sign-up: 400 with the check's code", async () => {
    const before = await dumpDb();
    const seen = [];
    for (const [password] of disguised) {
      const res = await register(password);
      seen.push([JSON.stringify(password), res.status, await codeOf(res)]);
    }
    expect(seen).toEqual(expected);
    expect(await dumpDb()).toEqual(before);
  });

  it("at a password change: 400 with the check's code, the hash as it was", async () => {
    await register("a first long password");
    const zoe = await signIn("zoe@example.com", "a first long password");
    const before = await dumpDb();
    const seen = [];
    for (const [newPassword] of disguised) {
      const res = await send(
        "POST",
        `${AUTH}/api/auth/change-password`,
        { currentPassword: "a first long password", newPassword },
        { ...bearer(zoe.token), Origin: AUTH },
      );
      seen.push([JSON.stringify(newPassword), res.status, await codeOf(res)]);
    }
    expect(seen).toEqual(expected);
    expect(await dumpDb()).toEqual(before);
  });

  it("a password with spaces or a joiner inside that is not a weak one is taken, and hashed as typed", async () => {
    const password = "pass word  with\u200Ba joiner";
    expect((await register(password)).status).toBe(201);
    expect(await checkPassword(password, await storedHash("zoe@example.com"))).toBe("nfc");
    // Not the collapsed form: that is another password.
    expect((await login("zoe@example.com", "pass word with a joiner")).status).toBe(401);
    expect((await login("zoe@example.com", password)).status).toBe(200);
  });
});

describe("the longest password, typed decomposed", () => {
  it("is the current password a passkey's options take, as the other routes do", async () => {
    // 128 characters precomposed (PASSWORD_MAX), 228 decomposed: past PASSWORD_MAX as typed, within 4×.
    const longest = `${COMPOSED} `.repeat(8).slice(0, 128);
    expect(longest.length).toBe(128);
    expect(longest.normalize("NFD").length).toBeGreaterThan(128);
    expect((await register(longest)).status).toBe(201);
    const zoe = await signIn("zoe@example.com", longest);
    const options = await send(
      "POST",
      `${AUTH}/api/auth/passkeys/register/options`,
      { currentPassword: longest.normalize("NFD") },
      { ...bearer(zoe.token), Origin: AUTH },
    );
    expect(options.status, await options.clone().text()).toBe(200);
  });
});
