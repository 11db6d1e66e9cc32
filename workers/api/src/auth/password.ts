import { pbkdf2, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes carry their algorithm and parameters, so a hash made under
 * older settings still verifies and is upgraded on the next sign-in.
 *   scrypt$N=16384,r=8,p=5$<salt b64>$<key b64>
 *   pbkdf2-sha256$i=100000$<salt b64>$<key b64>
 *
 * A password is hashed and compared as typed, after Unicode NFC (NIST SP 800-63B's advice; ASVS 5.0 6.2.8
 * asks for a password "exactly as received", and NFC changes no character a person can tell apart): the
 * same word keyed as a precomposed "é" or as "e" and a combining accent is the same password, whatever the
 * keyboard or system sent. Nothing else is changed: no trimming, no case, no character removed.
 */
export type PasswordAlgorithm = "scrypt" | "pbkdf2";

/**
 * How much work a hash takes. "owasp" is the only cost a deployment runs: OWASP's minimum row for
 * scrypt, and PBKDF2 at the Workers ceiling. "test" is for the test suites alone (the workerd project's
 * bindings and the e2e suite's `--var`), where hundreds of sign-ups and sign-ins would otherwise spend
 * minutes hashing; wrangler.toml never sets it, and `production-settings.test.ts` checks that its
 * settings hash at OWASP's parameters.
 */
export type PasswordCost = "owasp" | "test";

const SCRYPT = { owasp: { N: 2 ** 14, r: 8, p: 5 }, test: { N: 2 ** 10, r: 8, p: 1 } } as const;
const PBKDF2_ITERATIONS = { owasp: 100_000, test: 1_000 } as const;
const KEY_LENGTH = 32;

function scryptKey(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password,
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err: Error | null, key: Buffer) => (err ? reject(err) : resolve(key)),
    ),
  );
}

function pbkdf2Key(password: string, salt: Buffer, iterations: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    pbkdf2(password, salt, iterations, KEY_LENGTH, "sha256", (err: Error | null, key: Buffer) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** The form of a password that is hashed and compared first: as typed, in NFC. */
export const passwordForm = (password: string) => password.normalize("NFC");

/** The hash of a password's NFC form, as every hash is made now (sign-up, a change, a rehash, the CLI). */
export function hashPassword(
  password: string,
  algorithm: PasswordAlgorithm = "scrypt",
  cost: PasswordCost = "owasp",
): Promise<string> {
  return hashExactly(passwordForm(password), algorithm, cost);
}

async function hashExactly(password: string, algorithm: PasswordAlgorithm, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  if (algorithm === "pbkdf2") {
    const iterations = PBKDF2_ITERATIONS[cost];
    const key = await pbkdf2Key(password, salt, iterations);
    return `pbkdf2-sha256$i=${iterations}$${salt.toString("base64")}$${key.toString("base64")}`;
  }
  const { N, r, p } = SCRYPT[cost];
  const key = await scryptKey(password, salt, N, r, p);
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parseParams(text: string): Record<string, number> {
  return Object.fromEntries(
    text.split(",").map((kv) => {
      const [k, val] = kv.split("=");
      return [k ?? "", Number(val)];
    }),
  );
}

/**
 * How a password matched its hash: "nfc", as every hash is made now; "typed", only in the form it came in,
 * which is not NFC (a hash made before passwords were normalised: it is made again from NFC, see
 * `checkPassword`); null, no match.
 */
export type PasswordMatch = "nfc" | "typed" | null;

/**
 * Checks a password against a stored hash in its NFC form and, when that fails and the password came in
 * another form, once more as typed: a hash made from a password that was not NFC still signs in, and the
 * caller makes it again from NFC. The same checks run against any hash, a throwaway one too, so an account's
 * existence does not show in the time taken.
 */
export async function checkPassword(password: string, stored: string): Promise<PasswordMatch> {
  const nfc = passwordForm(password);
  if (await matches(nfc, stored)) return "nfc";
  if (nfc !== password && (await matches(password, stored))) return "typed";
  return null;
}

/** Whether a password matches a stored hash, in NFC or as typed (`checkPassword`). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)) !== null;
}

/** Constant-time check of exactly these characters against a stored hash; false for any malformed hash. */
async function matches(password: string, stored: string): Promise<boolean> {
  const [algorithm, params, saltB64, keyB64] = stored.split("$");
  if (!params || !saltB64 || !keyB64) return false;
  const salt = Buffer.from(saltB64, "base64");
  const expected = Buffer.from(keyB64, "base64");
  const p = parseParams(params);
  let actual: Buffer;
  if (algorithm === "scrypt" && p.N && p.r && p.p) actual = await scryptKey(password, salt, p.N, p.r, p.p);
  else if (algorithm === "pbkdf2-sha256" && p.i) actual = await pbkdf2Key(password, salt, p.i);
  else return false;
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other settings than the current ones. */
export function needsRehash(
  stored: string,
  algorithm: PasswordAlgorithm = "scrypt",
  cost: PasswordCost = "owasp",
): boolean {
  const [alg, params] = stored.split("$");
  if (algorithm === "pbkdf2") return alg !== "pbkdf2-sha256" || params !== `i=${PBKDF2_ITERATIONS[cost]}`;
  const { N, r, p } = SCRYPT[cost];
  return alg !== "scrypt" || params !== `N=${N},r=${r},p=${p}`;
}

const dummies = new Map<string, Promise<string>>();

/**
 * A hash of no one's password under the configured algorithm, made once per
 * isolate, to verify against when an account does not exist: the same work as
 * a real check, so timing does not tell, and no scrypt on a PBKDF2-only plan.
 */
export function dummyHash(algorithm: PasswordAlgorithm = "scrypt", cost: PasswordCost = "owasp"): Promise<string> {
  const key = `${algorithm} ${cost}`;
  let hash = dummies.get(key);
  if (!hash) {
    hash = hashPassword("not a real password, only for even timing", algorithm, cost);
    dummies.set(key, hash);
  }
  return hash;
}
