import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { firstIssueMessage } from "../common/validation.ts";
import { ChangePasswordBody, LoginBody, ProfileBody, RegisterBody } from "./schemas.ts";

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
