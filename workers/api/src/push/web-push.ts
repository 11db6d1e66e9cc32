import { base64url, fromBase64url } from "../platform/base64url.ts";

/**
 * Web Push's two pieces of cryptography, with the runtime's WebCrypto alone (it runs in workerd and Node):
 *   - the payload's encryption, `aes128gcm` (RFC 8291 over RFC 8188): an ephemeral P-256 key agreed with the
 *     browser's key, mixed with its auth secret and a random salt, one record;
 *   - VAPID (RFC 8292): an ES256 JWT naming the push service's origin, signed with the server's key, and that
 *     key's public half, in the Authorization header.
 * Our own small module rather than a library: the tests give it RFC 8291's fixed ephemeral key and salt
 * (Appendix A), which the libraries weighed (@block65/webcrypto-web-push, @pushforge/builder) do not take.
 */

const encoder = new TextEncoder();

/** The bytes a push message's one record holds: 4096, less the header (86), the tag (16) and the delimiter (1). */
export const PUSH_PLAINTEXT_MAX = 4096 - 86 - 16 - 1;
/** The record size the header states: one record of at most 4096 bytes. */
const RECORD_SIZE = 4096;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data));
}

/** HKDF-SHA-256 of one block (RFC 5869; every length here is at most 32 bytes). */
async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array, length: number) {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, concat(info, new Uint8Array([1])))).slice(0, length);
}

/** An ephemeral P-256 key pair for ECDH: the private key, and the public one as a 65-byte uncompressed point. */
export interface ServerKeys {
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
}

async function ephemeralKeys(): Promise<ServerKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  return {
    privateKey: pair.privateKey,
    publicKey: new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer),
  };
}

/** A P-256 private key from its 32-byte scalar and its public point, for `use`. */
async function importPrivate(d: Uint8Array, point: Uint8Array, algorithm: "ECDH" | "ECDSA") {
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    d: base64url(d),
    x: base64url(point.slice(1, 33)),
    y: base64url(point.slice(33, 65)),
  };
  return crypto.subtle.importKey("jwk", jwk, { name: algorithm, namedCurve: "P-256" }, false, [
    algorithm === "ECDH" ? "deriveBits" : "sign",
  ]);
}

/** The ECDH key of a known scalar and point (RFC 8291's example's "as_private"); the tests' only use. */
export async function serverKeysOf(d: Uint8Array, point: Uint8Array<ArrayBuffer>): Promise<ServerKeys> {
  return { privateKey: await importPrivate(d, point, "ECDH"), publicKey: point };
}

export interface EncryptOptions {
  /** The ephemeral key pair, new for every message unless a test fixes it. */
  serverKeys?: ServerKeys;
  /** 16 bytes, random unless a test fixes it. */
  salt?: Uint8Array<ArrayBuffer>;
}

/**
 * The body of a push message (RFC 8291 §3–4): `plaintext` encrypted to the browser's key (`uaPublic`, the
 * subscription's p256dh) and auth secret, as one `aes128gcm` record: salt, record size, the server's public key
 * as the key id, then the ciphertext of the plaintext and its delimiter (2, the last record) without padding.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  uaPublic: Uint8Array<ArrayBuffer>,
  authSecret: Uint8Array<ArrayBuffer>,
  options: EncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > PUSH_PLAINTEXT_MAX)
    throw new RangeError(`a push payload is at most ${PUSH_PLAINTEXT_MAX} bytes`);
  const server = options.serverKeys ?? (await ephemeralKeys());
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const ua = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  // WebCrypto names the peer's key `public`; workers-types spells it `$public`, which no runtime reads.
  const agreement = { name: "ECDH", public: ua } as unknown as Parameters<SubtleCrypto["deriveBits"]>[0];
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits(agreement, server.privateKey, 256));
  // §3.3: the input keying material binds both public keys and the auth secret.
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, server.publicKey);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  // RFC 8188 §2.2–2.3: the content-encryption key and the nonce (the record's sequence number is 0).
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: nonce },
    key,
    concat(plaintext, new Uint8Array([2])),
  );
  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = server.publicKey.length;
  return concat(header, server.publicKey, new Uint8Array(sealed));
}

/** The server's VAPID key: for signing, and its public half as the 65-byte point (base64url) it is known by. */
export interface VapidKeys {
  privateKey: CryptoKey;
  publicKey: string;
}

/**
 * The PKCS #8 form of a P-256 private key with its scalar alone (RFC 5915 without the optional public key): the
 * runtime works the public point out when it imports it, so the public key is never a setting of its own.
 */
function pkcs8Of(d: Uint8Array): Uint8Array<ArrayBuffer> {
  return concat(
    new Uint8Array([0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13]),
    // id-ecPublicKey, prime256v1
    new Uint8Array([0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]),
    new Uint8Array([0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]),
    new Uint8Array([0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20]),
    d,
  );
}

/** Whether a text is a VAPID private key as `npm run vapid` makes it: 32 bytes in base64url. */
export function isVapidPrivateKey(text: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(text);
}

/** The VAPID keys of a private key (base64url of the 32-byte scalar); throws on one that is not a P-256 key. */
export async function vapidKeysOf(privateKey: string): Promise<VapidKeys> {
  const d = fromBase64url(privateKey);
  if (d.length !== 32) throw new Error("VAPID_PRIVATE_KEY must be 32 bytes in base64url");
  const extractable = await crypto.subtle.importKey("pkcs8", pkcs8Of(d), { name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
  ]);
  const jwk = (await crypto.subtle.exportKey("jwk", extractable)) as JsonWebKey;
  const point = concat(new Uint8Array([4]), fromBase64url(jwk.x ?? ""), fromBase64url(jwk.y ?? ""));
  if (point.length !== 65) throw new Error("VAPID_PRIVATE_KEY is not a P-256 key");
  return { privateKey: await importPrivate(d, point, "ECDSA"), publicKey: base64url(point) };
}

/** How long a VAPID token holds: RFC 8292 allows at most 24 hours; 12 leaves room for a clock's drift. */
export const VAPID_HOURS = 12;

/**
 * The Authorization header of a push to `endpoint` (RFC 8292 §3): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed ES256 with `aud` the push service's origin, `exp` VAPID_HOURS from `now` and `sub` the contact.
 */
export async function vapidAuthorization(keys: VapidKeys, endpoint: string, subject: string, now = Date.now()) {
  const part = (value: object) => base64url(encoder.encode(JSON.stringify(value)));
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + VAPID_HOURS * 3600,
    sub: subject,
  };
  const signed = `${part({ typ: "JWT", alg: "ES256" })}.${part(claims)}`;
  // WebCrypto's ECDSA signature is r ‖ s, 64 bytes: JWS's own form (RFC 7518 §3.4).
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    keys.privateKey,
    encoder.encode(signed),
  );
  return `vapid t=${signed}.${base64url(signature)}, k=${keys.publicKey}`;
}
