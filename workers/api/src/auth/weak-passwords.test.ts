import { beforeEach, describe, expect, it } from "vitest";
import { AUTH, bearer, count, dumpDb, errorBodyOf, PASSWORD, resetDb, send, signedInUser } from "../test/helpers.ts";
import { comparedForm, weakPassword } from "./weak-passwords.ts";

// Passwords people should not use (ASVS 6.2.4, 6.2.11): the most common, and the account's own words.

beforeEach(resetDb);

const account = { email: "dora.explorer@example.com", username: "dora_x" };
const register = (password: string, over: Record<string, string> = {}) =>
  send(
    "POST",
    `${AUTH}/api/auth/register`,
    { email: "kim@example.com", name: "Kim", username: "kimk", password, ...over },
    { Origin: AUTH, "CF-Connecting-IP": "192.0.2.77" },
  );

describe("weakPassword", () => {
  it("refuses the most common passwords, whatever their case, and not a long passphrase", () => {
    for (const p of ["password", "12345678", "PASSWORD", "qwertyuiop", "iloveyou", "trustno1"])
      expect([p, weakPassword(p, account)?.code]).toEqual([p, "auth.passwordCommon"]);
    for (const p of [PASSWORD, "a quiet lake at dawn", "mauve-otter-43-lamp"])
      expect([p, weakPassword(p, account)]).toEqual([p, null]);
  });

  it("refuses the e-mail's name, the username and “nook” inside a password", () => {
    for (const p of ["Dora.Explorer!2026", "my dora_x secret", "the nook of mine", "NOOK nook nook"])
      expect([p, weakPassword(p, account)?.code]).toEqual([p, "auth.passwordPersonal"]);
    // A word shorter than three characters is in too many good passwords to refuse.
    expect(weakPassword("a long harbour at noon", { email: "al@example.com", username: "a1" })).toBeNull();
  });
});

describe("the form the checks compare, disguised weak passwords among them", () => {
  it("drops format characters, collapses and trims whitespace, reads compatibility letters as letters", () => {
    expect(comparedForm("Pass\u200B\u00AD\u200C\u200D\u2060\uFEFFWord")).toBe("password");
    expect(comparedForm("  two \u00A0\u3000 words\u2003")).toBe("two words");
    expect(comparedForm("\uFF30\uFF41\uFF53\uFF53")).toBe("pass");
    expect(comparedForm("e\u0301t\u00e9")).toBe("\u00e9t\u00e9");
    expect(comparedForm(" \u200B ".repeat(10))).toBe("");
  });

  it("refuses the disguised ones as the plain ones, and a password of only spaces as blank", () => {
    for (const p of ["pass\u200Bword", "pass\u00ADword", "1234\u200B5678", "password ", " PASSWORD\u00A0"])
      expect([p, weakPassword(p, account)?.code]).toEqual([p, "auth.passwordCommon"]);
    for (const p of [" ".repeat(8), " ".repeat(20), "\u200B".repeat(9)])
      expect([p, weakPassword(p, account)?.code]).toEqual([p, "auth.passwordBlank"]);
    expect(weakPassword("dora\u200B_x and me", account)?.code).toBe("auth.passwordPersonal");
  });
});

describe("sign-up and a password change refuse them, and write nothing", () => {
  it("sign-up: 400 in words, no account", async () => {
    const before = await dumpDb();
    for (const [password, words] of [
      ["12345678", "This password is one of the most common ones: choose another"],
      ["kim is very secret", "A password cannot hold your e-mail's name, your username or “nook”: choose another"],
      ["my own kimk phrase", "A password cannot hold your e-mail's name, your username or “nook”: choose another"],
    ] as const) {
      const res = await register(password);
      expect([password, res.status, (await errorBodyOf(res)).message]).toEqual([password, 400, words]);
    }
    expect(await dumpDb()).toEqual(before);
    expect((await register("a quiet lake at dawn")).status).toBe(201);
  });

  it("change-password: 400, the password as it was", async () => {
    const ann = await signedInUser("Ann");
    const change = (newPassword: string) =>
      send(
        "POST",
        `${AUTH}/api/auth/change-password`,
        { currentPassword: PASSWORD, newPassword },
        { ...bearer(ann.token), Origin: AUTH },
      );
    const before = await dumpDb();
    const common = await change("password1");
    expect([common.status, (await errorBodyOf(common)).code]).toEqual([400, "auth.passwordCommon"]);
    const own = await change(`${ann.username} forever`);
    expect([own.status, (await errorBodyOf(own)).code]).toEqual([400, "auth.passwordPersonal"]);
    expect(await dumpDb()).toEqual(before);
    expect(await count("login_attempts")).toBe(0);
  });
});
