import { base64url, fromBase64url } from "../platform/base64url.ts";

/**
 * A software authenticator for the workerd tests: one ES256 key pair made in WebCrypto, attestation "none",
 * and every byte of its answers built here — clientDataJSON, authenticatorData (rpIdHash, flags, counter,
 * the attested credential), the attestation object and COSE key in CBOR, the DER signature — as WebAuthn
 * Level 3 §6.1 and §6.5 lay them out. What a browser's `navigator.credentials` would hand the site, with the
 * flags and counter each test chooses, so the API's verification is run, not mocked.
 */

/** Flags of authenticatorData (WebAuthn §6.1): user present, user verified, attested credential data. */
export const UP = 0x01;
export const UV = 0x04;
const AT = 0x40;

// ------------------------------------------------------------------ CBOR (RFC 8949), what these need

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 0x100) return [(major << 5) | 24, n];
  if (n < 0x10000) return [(major << 5) | 25, n >> 8, n & 0xff];
  return [(major << 5) | 26, (n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function cbor(value: Cbor): Uint8Array {
  if (typeof value === "number") return Uint8Array.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concat(Uint8Array.from(head(3, bytes.length)), bytes);
  }
  if (value instanceof Uint8Array) return concat(Uint8Array.from(head(2, value.length)), value);
  const parts: Uint8Array[] = [Uint8Array.from(head(5, value.size))];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return concat(...parts);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u32 = (n: number) => Uint8Array.from([(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const utf8 = (text: string) => Uint8Array.from(new TextEncoder().encode(text));

/** An unsigned big-endian integer as DER wants it: no leading zeros, a zero in front of a high bit. */
function derInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.slice(start);
  const body = (trimmed[0] ?? 0) & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
  return concat(Uint8Array.of(0x02, body.length), body);
}

/** WebCrypto's ECDSA signature (r‖s, IEEE P1363) as WebAuthn's ES256 carries it: an ASN.1 DER SEQUENCE. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const body = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

// ------------------------------------------------------------------ the authenticator

/** The options the API answered, as far as the authenticator reads them. */
export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

/** One passkey of the software authenticator: its key, its id, the handle of its account, its counter. */
export interface SoftPasskey {
  id: string;
  userHandle: string;
  rpId: string;
  counter: number;
  keys: CryptoKeyPair;
}

const clientData = (type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) =>
  utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/**
 * `navigator.credentials.create` answered: a new ES256 passkey for the options' account, its registration
 * answer (RegistrationResponseJSON) with `flags` (UP|UV by default) and the counter starting at `counter`.
 */
export async function createPasskey(
  options: CreationOptions,
  origin: string,
  { flags = UP | UV, counter = 0 }: { flags?: number; counter?: number } = {},
) {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, fromBase64url(jwk.x ?? "")],
      [-3, fromBase64url(jwk.y ?? "")],
    ]),
  );
  const credentialId = crypto.getRandomValues(new Uint8Array(32));
  const authData = concat(
    await sha256(utf8(options.rp.id)),
    Uint8Array.of(flags | AT),
    u32(counter),
    new Uint8Array(16), // AAGUID: none
    Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff),
    credentialId,
    cose,
  );
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  const id = base64url(credentialId);
  const passkey: SoftPasskey = { id, userHandle: options.user.id, rpId: options.rp.id, counter, keys };
  const response = {
    id,
    rawId: id,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: base64url(attestationObject),
      transports: ["internal"],
    },
  };
  return { passkey, response };
}

/**
 * `navigator.credentials.get` answered by `passkey` for `challenge`: its sign-in answer
 * (AuthenticationResponseJSON), with `flags` (UP|UV by default) and the counter moved on by `step` (1 by
 * default; 0 leaves it where it is).
 */
export async function signWith(
  passkey: SoftPasskey,
  challenge: string,
  origin: string,
  { flags = UP | UV, step = 1 }: { flags?: number; step?: number } = {},
) {
  passkey.counter += step;
  const authData = concat(await sha256(utf8(passkey.rpId)), Uint8Array.of(flags), u32(passkey.counter));
  const data = clientData("webauthn.get", challenge, origin);
  const signed = concat(authData, await sha256(data));
  const raw = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, passkey.keys.privateKey, signed),
  );
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: base64url(data),
      authenticatorData: base64url(authData),
      signature: base64url(derSignature(raw)),
      userHandle: passkey.userHandle,
    },
  };
}
