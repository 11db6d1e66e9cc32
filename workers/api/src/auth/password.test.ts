import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword, needsRehash, verifyPassword } from "./password.ts";

describe("password hashes", () => {
  it("round-trips with scrypt and PBKDF2, each hash salted and self-describing", async () => {
    const scrypt = await hashPassword("open sesame");
    expect(scrypt).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("open sesame", scrypt)).toBe(true);
    expect(await verifyPassword("open sesame!", scrypt)).toBe(false);
    expect(await hashPassword("open sesame")).not.toBe(scrypt);

    const pbkdf2 = await hashPassword("open sesame", "pbkdf2");
    expect(pbkdf2).toMatch(/^pbkdf2-sha256\$i=100000\$/);
    expect(await verifyPassword("open sesame", pbkdf2)).toBe(true);
    expect(await verifyPassword("Open sesame", pbkdf2)).toBe(false);
  });

  it("rejects malformed hashes instead of throwing", async () => {
    for (const stored of ["", "plain", "scrypt$N=16384$abc", "md5$x$y$z", "scrypt$r=8$c2FsdA==$a2V5"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
    }
  });

  it("asks for a rehash when the algorithm or its parameters change", async () => {
    const scrypt = await hashPassword("pw-pw-pw-pw");
    expect(needsRehash(scrypt)).toBe(false);
    expect(needsRehash(scrypt, "pbkdf2")).toBe(true);
    expect(needsRehash("scrypt$N=1024,r=8,p=1$c2FsdA==$a2V5")).toBe(true);
    expect(needsRehash(await hashPassword("pw-pw-pw-pw", "pbkdf2"))).toBe(true);
  });

  it("hashes at the test suites' cost only when asked, and tells the two costs apart", async () => {
    const cheap = await hashPassword("open sesame", "scrypt", "test");
    expect(cheap).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    expect(await verifyPassword("open sesame", cheap)).toBe(true);
    expect(needsRehash(cheap, "scrypt", "test")).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
    expect(await hashPassword("open sesame", "pbkdf2", "test")).toMatch(/^pbkdf2-sha256\$i=1000\$/);
  });

  it("hashes the NFC form, and matches a password in either canonical form", async () => {
    const composed = "na\u00efve caf\u00e9";
    const decomposed = "nai\u0308ve cafe\u0301";
    const fromDecomposed = await hashPassword(decomposed, "scrypt", "test");
    expect(await checkPassword(composed, fromDecomposed)).toBe("nfc");
    expect(await checkPassword(decomposed, fromDecomposed)).toBe("nfc");
    expect(await checkPassword("naive cafe", fromDecomposed)).toBeNull();
    expect(await verifyPassword(decomposed, await hashPassword(composed, "pbkdf2", "test"))).toBe(true);
  });
});
