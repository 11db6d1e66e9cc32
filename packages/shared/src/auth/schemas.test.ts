import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { firstIssueMessage } from "../common/validation.ts";
import { parseMoment } from "../lupileon/schemas.ts";
import { ChangePasswordBody, dateOfBirth, LoginBody, ProfileBody, RegisterBody } from "./schemas.ts";

describe("auth schemas", () => {
  it("normalises login email and requires both fields", () => {
    expect(v.parse(LoginBody, { email: " Ann@Example.COM ", password: "x" }).email).toBe("ann@example.com");
    const r = v.safeParse(LoginBody, { email: "a@b.c" });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssueMessage(r.issues).text).toBe("Password is required");
  });
  it("enforces password length on change", () => {
    expect(v.safeParse(ChangePasswordBody, { currentPassword: "a", newPassword: "short" }).success).toBe(false);
    expect(v.safeParse(ChangePasswordBody, { currentPassword: "a", newPassword: "x".repeat(129) }).success).toBe(false);
    expect(v.safeParse(ChangePasswordBody, { currentPassword: "a", newPassword: "long enough" }).success).toBe(true);
  });
  it("counts a new password's length in NFC, the form that is hashed, and takes a sign-in's in any form", () => {
    const refusal = (newPassword: string) => {
      const r = v.safeParse(ChangePasswordBody, { currentPassword: "a", newPassword });
      return r.success ? null : firstIssueMessage(r.issues).text;
    };
    // Seven "é" are seven characters however they are keyed: too short both ways.
    expect(refusal("\u00e9".repeat(7))).toBe("Password must be at least 8 characters");
    expect(refusal("e\u0301".repeat(7))).toBe("Password must be at least 8 characters");
    expect(refusal("e\u0301".repeat(8))).toBeNull();
    // 128 of them, 256 units as typed decomposed, are within the 128; 129 are not, in either form.
    expect(refusal("e\u0301".repeat(128))).toBeNull();
    expect(refusal("e\u0301".repeat(129))).toBe("Password must be at most 128 characters");
    expect(refusal("\u00e9".repeat(129))).toBe("Password must be at most 128 characters");
    expect(refusal("x".repeat(513))).toBe("Password must be at most 128 characters");
    // Signing in with that longest password keyed decomposed is read, not refused as too long.
    expect(v.safeParse(LoginBody, { email: "a@b.c", password: "e\u0301".repeat(128) }).success).toBe(true);
    expect(v.safeParse(LoginBody, { email: "a@b.c", password: "x".repeat(513) }).success).toBe(false);
  });
  it("keeps only the date part of a birth date and checks the accent colour", () => {
    const base = { email: "a@b.co", name: "Ann", username: "ann", accentColor: "blue" };
    expect(v.parse(ProfileBody, { ...base, dateOfBirth: "1990-05-17T10:00:00.000Z" }).dateOfBirth).toBe("1990-05-17");
    expect(v.parse(ProfileBody, { ...base, dateOfBirth: "" }).dateOfBirth).toBeNull();
    expect(v.parse(ProfileBody, base).dateOfBirth).toBeNull();
    expect(v.safeParse(ProfileBody, { ...base, dateOfBirth: "1990-13-45" }).success).toBe(false);
    expect(v.safeParse(ProfileBody, { ...base, accentColor: "red" }).success).toBe(false);
    expect(v.safeParse(ProfileBody, { ...base, name: "  " }).success).toBe(false);
  });
  it("stores a username lower-cased and refuses anything but Latin letters, digits, '_' and '-'", () => {
    const base = { email: "a@b.co", name: "Ann", password: "long enough", accentColor: "blue" };
    const parsed = (username: unknown) => v.safeParse(RegisterBody, { ...base, username });
    expect(v.parse(RegisterBody, { ...base, username: " Annie_B-2 " }).username).toBe("annie_b-2");
    expect(v.parse(ProfileBody, { ...base, username: "ANNIE" }).username).toBe("annie");
    expect(v.parse(RegisterBody, { ...base, username: "a".repeat(40) }).username).toBe("a".repeat(40));
    const refused: [unknown, string][] = [
      ["\u0430nnie", "Username may hold Latin letters a-z, digits, '_' and '-' only"], // Cyrillic «а»
      ["\u212Aate", "Username may hold Latin letters a-z, digits, '_' and '-' only"], // Kelvin sign, lower-cases to k
      ["ann.smith", "Username may hold Latin letters a-z, digits, '_' and '-' only"],
      ["ann smith", "Username may hold Latin letters a-z, digits, '_' and '-' only"],
      ["\u00e9lodie", "Username may hold Latin letters a-z, digits, '_' and '-' only"],
      ["a".repeat(41), "Username is too long"],
      ["  ", "Username is required"],
      [undefined, "Username is required"],
    ];
    for (const [username, text] of refused) {
      const r = parsed(username);
      expect(r.success, String(username)).toBe(false);
      if (!r.success) expect(firstIssueMessage(r.issues).text).toBe(text);
    }
  });
});

describe("a date of birth", () => {
  const refusal = (input: string) => {
    const r = v.safeParse(dateOfBirth, input);
    return r.success ? null : firstIssueMessage(r.issues).text;
  };

  it("refuses a day that does not exist and a year the birth-date section does not serve", () => {
    expect(refusal("2024-02-30")).toBe("Date of birth is not a valid date");
    expect(refusal("2023-02-29")).toBe("Date of birth is not a valid date");
    expect(refusal("2023-02-29T10:00:00Z")).toBe("Date of birth is not a valid date");
    expect(refusal("1990-05-17T25:00:00Z")).toBe("Date of birth is not a valid date");
    expect(refusal("0000-01-01")).toBe("Date of birth must be a date from year 1000 to 3000");
    expect(refusal("9999-12-31")).toBe("Date of birth must be a date from year 1000 to 3000");
    expect(refusal("1990-05-17\u0000")).toBe("Date of birth is not a valid date");
    expect(v.parse(dateOfBirth, "2024-02-29")).toBe("2024-02-29");
  });

  it("is taken exactly when the birth-date section reads the day kept", () => {
    const digits = (n: number, width: number) => String(n).padStart(width, "0");
    const day = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${digits(y, 4)}-${digits(m, 2)}-${digits(d, 2)}`);
    const moment = fc
      .tuple(day, fc.integer({ min: 0, max: 25 }), fc.constantFrom("Z", "+14:00", "-12:00"))
      .map(([date, hour, zone]) => `${date}T${digits(hour, 2)}:30:00${zone}`);
    fc.assert(
      fc.property(fc.oneof(day, moment), (input) => {
        const r = v.safeParse(dateOfBirth, input);
        // The profile keeps the day as written; the birth-date section is asked for that day.
        const read = r.success && r.output !== null ? parseMoment(r.output) : null;
        expect(read?.day ?? null).toBe(r.success ? r.output : null);
        // A day alone is taken by both or by neither.
        if (input.length === 10) expect(r.success).toBe(parseMoment(input) !== null);
      }),
      { numRuns: 2000 },
    );
  });
});
