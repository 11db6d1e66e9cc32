import { describe, expect, it } from "vitest";
import { base64url, fromBase64url } from "../platform/base64url.ts";
import { encryptPayload, serverKeysOf, vapidAuthorization, vapidKeysOf } from "./web-push.ts";

/**
 * RFC 8291 Appendix A, "Push Message Encryption Example": every value copied from the RFC (base64url). With
 * its application server's key pair and salt fixed, the encryption gives its message byte for byte.
 */
const RFC8291 = {
  plaintext: "When I grow up, I want to be a watermelon",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  asPrivate: "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  authSecret: "BTBZMqHH6r4Tts7J_aSIgg",
  message:
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

describe("the payload's encryption (RFC 8291)", () => {
  it("reproduces Appendix A: its keys, salt and plaintext give its message", async () => {
    const body = await encryptPayload(
      new TextEncoder().encode(RFC8291.plaintext),
      fromBase64url(RFC8291.uaPublic),
      fromBase64url(RFC8291.authSecret),
      {
        serverKeys: await serverKeysOf(fromBase64url(RFC8291.asPrivate), fromBase64url(RFC8291.asPublic)),
        salt: fromBase64url(RFC8291.salt),
      },
    );
    expect(base64url(body)).toBe(RFC8291.message);
    // The header: the salt, the record size 4096 (00 00 10 00), the key id's length 65 and the server's key.
    expect([...body.slice(16, 21)]).toEqual([0, 0, 0x10, 0, 65]);
  });

  it("uses a new key and salt for every message: the same words twice are two different bodies", async () => {
    const words = new TextEncoder().encode("the same");
    const ua = fromBase64url(RFC8291.uaPublic);
    const auth = fromBase64url(RFC8291.authSecret);
    const [a, b] = [await encryptPayload(words, ua, auth), await encryptPayload(words, ua, auth)];
    // Header (21 + 65), then the words, their delimiter and the 16-byte tag: 86 + 8 + 1 + 16.
    expect(a.length).toBe(111);
    expect(base64url(a.slice(0, 16))).not.toBe(base64url(b.slice(0, 16)));
    expect(base64url(a.slice(21, 86))).not.toBe(base64url(b.slice(21, 86)));
  });

  it("refuses a payload past one record", async () => {
    const ua = fromBase64url(RFC8291.uaPublic);
    const auth = fromBase64url(RFC8291.authSecret);
    await expect(encryptPayload(new Uint8Array(3994), ua, auth)).rejects.toThrow(/at most 3993 bytes/);
    expect((await encryptPayload(new Uint8Array(3993), ua, auth)).length).toBe(4096);
  });
});

describe("VAPID (RFC 8292)", () => {
  it("works the public key out of the private one: RFC 8291's as_private gives its as_public", async () => {
    const keys = await vapidKeysOf(RFC8291.asPrivate);
    expect(keys.publicKey).toBe(RFC8291.asPublic);
  });

  it("refuses a private key that is not 32 bytes", async () => {
    await expect(vapidKeysOf("AAAA")).rejects.toThrow(/32 bytes/);
  });

  it("signs a JWT for the push service's origin, 12 hours long, verified by the public key it names", async () => {
    const keys = await vapidKeysOf(RFC8291.asPrivate);
    const now = Date.UTC(2026, 11, 6, 12, 0, 0);
    const header = await vapidAuthorization(
      keys,
      "https://push.example.net:8443/wpush/v2/abc?x=1",
      "mailto:a@b.c",
      now,
    );
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, head, claims, signature, k] = match as unknown as string[];
    expect(k).toBe(RFC8291.asPublic);
    const json = (part: string) => JSON.parse(new TextDecoder().decode(fromBase64url(part)));
    expect(json(head as string)).toEqual({ typ: "JWT", alg: "ES256" });
    // 2026-12-06 12:00 UTC is 1796558400 s; twelve hours on, 1796601600.
    expect(json(claims as string)).toEqual({
      aud: "https://push.example.net:8443",
      exp: 1796601600,
      sub: "mailto:a@b.c",
    });
    const publicKey = await crypto.subtle.importKey(
      "raw",
      fromBase64url(k as string),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const data = new TextEncoder().encode(`${head}.${claims}`);
    const sig = fromBase64url(signature as string);
    expect(sig.length).toBe(64);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, sig, data)).toBe(true);
    // One bit of the claims changed, and the signature no longer holds.
    const forged = new TextEncoder().encode(`${head}.${claims}x`);
    expect(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, sig, forged)).toBe(false);
  });
});
