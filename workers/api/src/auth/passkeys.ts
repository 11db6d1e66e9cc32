import {
  PasskeyIdParam,
  type PasskeyListed,
  PasskeyLoginBody,
  PasskeyOptionsBody,
  PasskeyRegisterBody,
} from "@nook/shared/auth/schemas";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { base64url, fromBase64url, randomBase64url } from "../platform/base64url.ts";
import type { AppEnv } from "../platform/context.ts";
import type { Db } from "../platform/db.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import type { Batch } from "../platform/version-gate.ts";
import { verifyPassword } from "./password.ts";
import { passkeys, sessions, users, webauthnChallenges } from "./schema.ts";
import { cookiePlace, isHttps, sessionToStart, verifyToken } from "./session.ts";
import { takePasswordAttempt } from "./throttle.ts";

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): registered on the profile, used on the login page to
 * sign in without a password. The relying party is the site that asks — its host and origin, the auth
 * site's, where both screens are. A passkey's sign-in is a session like any other: listed with the rest,
 * ended by a password change.
 *
 * What the spec and ASVS 5.0 ask of it (DESIGN §4):
 *   - adding one takes the account's current password, in the request that starts it (throttled as the
 *     password change's: 10 wrong an account in 15 minutes): a session alone, stolen, never plants a factor;
 *   - each challenge is kept in D1 (`webauthn_challenges`) under the SHA-256 of a random nonce that only the
 *     browser which asked holds (an HttpOnly cookie, Strict, sent only to these routes), so it answers only
 *     for that browser, and for CHALLENGE_MS; the batch that accepts an answer spends it (migration 0019's
 *     trigger aborts the batch when it is gone), and a refused answer deletes it: each is used once;
 *   - the account's user handle is 32 random bytes (`users.user_handle`), never its sequential id;
 *   - user verification (the device's PIN, fingerprint or face) is required, asked and checked;
 *   - a sign-in ends the session the browser had, as a password sign-in does.
 */
const CHALLENGE_COOKIE = "nook_webauthn";
const CHALLENGE_PATH = "/api/auth/passkeys";
const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = "Nook";

const NO_CHALLENGE = message("The passkey's request has expired: try again");
const REFUSED = message("The passkey could not be verified: try again, or sign in with your password");
const UNKNOWN = message("This passkey is not one of an account here: sign in with your password");
const NEEDS_PASSWORD = message("Enter your current password to add a passkey");

/**
 * The view (migration 0019) whose insert spends a challenge in the batch that accepts its answer. Not in a
 * schema.ts: drizzle-kit would make it a table.
 */
const spendView = sqliteTable("webauthn_challenge_spend", {
  id: text("id").notNull(),
  purpose: text("purpose").notNull(),
  userId: integer("user_id"),
  now: integer("now").notNull(),
});
/** The trigger's words, as D1 reports an aborted batch. */
const SPENT = "nook_challenge_spent";
/** Whether a batch was rolled back because its challenge was no longer there to spend (used meanwhile, or expired). */
function isSpent(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e.message.includes(SPENT)) return true;
  return false;
}

/** The relying party: the requesting site's host (its id) and origin. */
function relyingParty(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: `${url.protocol}//${url.host}` };
}

type Purpose = "register" | "login";
/** A challenge this browser holds: its row's id (the nonce's hash) and the challenge. */
interface Kept {
  id: string;
  challenge: string;
}

/** A challenge's key: the SHA-256 of the browser's nonce (base64url), so the table holds nothing a browser sends. */
async function nonceId(nonce: string) {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(nonce)));
}

/** The browser's nonce; on https only the `__Secure-` cookie counts, as the session's. */
const nonceOf = (c: Context<AppEnv>) =>
  isHttps(c) ? getCookie(c, CHALLENGE_COOKIE, "secure") : getCookie(c, CHALLENGE_COOKIE);

/**
 * Keeps a new challenge for this browser (and, for a registration, its account): a fresh nonce in its
 * cookie, the challenge under the nonce's hash. The browser's previous challenge and every expired one go in
 * the same batch, so a browser holds one and the table only the live ones.
 */
async function keepChallenge(c: Context<AppEnv>, challenge: string, purpose: Purpose, userId: number | null) {
  const db = c.var.db;
  const now = Date.now();
  const nonce = randomBase64url(32);
  const previous = nonceOf(c);
  await db.batch([
    db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now)),
    ...(previous ? [db.delete(webauthnChallenges).where(eq(webauthnChallenges.id, await nonceId(previous)))] : []),
    db
      .insert(webauthnChallenges)
      .values({ id: await nonceId(nonce), purpose, userId, challenge, expiresAt: now + CHALLENGE_MS }),
  ] as unknown as Batch);
  setCookie(c, CHALLENGE_COOKIE, nonce, {
    ...cookiePlace(c),
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: "Strict",
    maxAge: CHALLENGE_MS / 1000,
  });
}

/**
 * The unexpired challenge this browser's cookie names for this purpose (a registration's: for this account),
 * or null: none asked, another browser's, used already, or expired. The cookie is cleared: it answers once.
 */
async function challengeOf(c: Context<AppEnv>, purpose: Purpose, userId: number | null): Promise<Kept | null> {
  const nonce = nonceOf(c);
  deleteCookie(c, CHALLENGE_COOKIE, { ...cookiePlace(c), path: CHALLENGE_PATH });
  if (!nonce) return null;
  const id = await nonceId(nonce);
  const row = await c.var.db
    .select({ challenge: webauthnChallenges.challenge })
    .from(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, Date.now()),
      ),
    )
    .get();
  return row ? { id, challenge: row.challenge } : null;
}

/** The statement that spends `kept`, first in the batch that accepts its answer: gone meanwhile, the batch aborts. */
const spend = (c: Context<AppEnv>, kept: Kept, purpose: Purpose, userId: number | null) =>
  c.var.db.insert(spendView).values({ id: kept.id, purpose, userId, now: Date.now() });

/** A refused answer's challenge is gone too: a challenge is answered once, accepted or not. */
async function drop(c: Context<AppEnv>, kept: Kept) {
  await c.var.db.delete(webauthnChallenges).where(eq(webauthnChallenges.id, kept.id));
}

/** Drops the challenges never answered, once expired (the cron; each options request drops them too). */
export async function purgeExpiredChallenges(db: Db, now = Date.now()) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
}

/** A user handle's bytes, from its hex in `users.user_handle`. */
function handleBytes(hex: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/**
 * Whether the user handle an authenticator returned (base64url; none is allowed) is the passkey's account's:
 * its random handle, or — for a passkey registered before handles were random (migration 0019) — its id in
 * decimal, as those were given. The signature is what proves the passkey; this keeps one account's handle
 * from ever answering for another's passkey (WebAuthn §7.2, step 6).
 */
function handleMatches(returned: string | undefined, account: { id: number; handle: string | null }) {
  if (!returned) return true;
  const bytes = fromBase64url(returned);
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return hex === account.handle || new TextDecoder().decode(bytes) === String(account.id);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const passkeyRoutes = new Hono<AppEnv>()
  /** The account's passkeys, newest first. */
  .get("/", requireUser, async (c) => {
    const rows = await c.var.db
      .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, c.var.user.id))
      .orderBy(desc(passkeys.createdAt))
      .all();
    return c.json(
      rows.map(
        (r): PasskeyListed => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), lastUsedAt: iso(r.lastUsedAt) }),
      ),
      200,
    );
  })
  /**
   * A registration's options, for the browser's `navigator.credentials.create`: only with the account's
   * current password (none: 401 NEEDS_PASSWORD; a wrong one: 401, counted against the account as the
   * password change's are), and no challenge is kept for a refusal.
   */
  .post("/register/options", requireUser, validate("json", PasskeyOptionsBody), async (c) => {
    const { currentPassword } = c.req.valid("json");
    if (!currentPassword) return fail(c, 401, NEEDS_PASSWORD);
    const db = c.var.db;
    const userId = c.var.user.id;
    // Counted before the slow check, as every current-password check is (throttle.ts).
    const attempt = await takePasswordAttempt(db, userId);
    if (attempt.wait > 0)
      return fail(c, 429, message("Too many wrong passwords. Try again in {minutes} min.", { minutes: attempt.wait }));
    const [[user], existing] = await db.batch([
      db
        .select({ email: users.email, name: users.name, hash: users.passwordHash, handle: users.userHandle })
        .from(users)
        .where(eq(users.id, userId)),
      db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId)),
    ]);
    if (!user || !(await verifyPassword(currentPassword, user.hash)))
      return fail(c, 401, message("Current password is incorrect"));
    await attempt.release();
    // Every account has one (migration 0019: filled for those before it, by a trigger for every new one).
    if (!user.handle) throw new Error("the account has no WebAuthn user handle");
    const { rpID } = relyingParty(c);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: handleBytes(user.handle),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    await keepChallenge(c, options.challenge, "register", userId);
    return c.json(options, 200);
  })
  /**
   * A registration's answer: verified against this browser's challenge for this account (none, another
   * browser's or one used: 401), the user verified; the challenge spent and the passkey kept in one batch.
   */
  .post("/register", requireUser, validate("json", PasskeyRegisterBody), async (c) => {
    const { name, response } = c.req.valid("json");
    const userId = c.var.user.id;
    const kept = await challengeOf(c, "register", userId);
    if (!kept) return fail(c, 401, NO_CHALLENGE);
    const { rpID, origin } = relyingParty(c);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: kept.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch {
      verified = { verified: false };
    }
    if (!verified.verified) {
      await drop(c, kept);
      return fail(c, 400, REFUSED);
    }
    const { credential } = verified.registrationInfo;
    const db = c.var.db;
    const now = Date.now();
    const insert = db
      .insert(passkeys)
      .values({
        id: credential.id,
        userId,
        publicKey: base64url(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    let row: { id: string } | undefined;
    try {
      [, [row]] = await db.batch([spend(c, kept, "register", userId), insert]);
    } catch (err) {
      if (isSpent(err)) return fail(c, 401, NO_CHALLENGE);
      throw err;
    }
    if (!row) return fail(c, 409, REFUSED);
    return c.json(
      { id: row.id, name, createdAt: new Date(now).toISOString(), lastUsedAt: null } satisfies PasskeyListed,
      201,
    );
  })
  .delete("/:id", requireUser, validate("param", PasskeyIdParam), async (c) => {
    const { id } = c.req.valid("param");
    const [gone] = await c.var.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, c.var.user.id)))
      .returning({ id: passkeys.id });
    if (!gone) return fail(c, 404, NOT_FOUND);
    return c.json({ message: "Passkey removed" satisfies ServerMessage }, 200);
  })
  /** A sign-in's options: any passkey of this site (discoverable), the person picks it; user verification required. */
  .post("/login/options", async (c) => {
    const { rpID } = relyingParty(c);
    const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
    await keepChallenge(c, options.challenge, "login", null);
    return c.json(options, 200);
  })
  /**
   * A sign-in's answer: this browser's challenge (none, another browser's or one used: 401), the passkey found
   * by its id, its signature, user verification and counter verified. One batch spends the challenge, keeps
   * the counter, ends the session this browser had (as a password sign-in does) and starts the new one.
   */
  .post("/login", validate("json", PasskeyLoginBody), async (c) => {
    const { response } = c.req.valid("json");
    const db = c.var.db;
    const kept = await challengeOf(c, "login", null);
    if (!kept) return fail(c, 401, NO_CHALLENGE);
    const found = await db
      .select({ passkey: passkeys, name: users.name, handle: users.userHandle })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.id, response.id))
      .get();
    if (!found) {
      await drop(c, kept);
      return fail(c, 401, UNKNOWN);
    }
    const { passkey } = found;
    const { rpID, origin } = relyingParty(c);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>> | null;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: kept.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: fromBase64url(passkey.publicKey),
          counter: passkey.counter,
          transports: JSON.parse(passkey.transports) as string[],
        },
        // The flag's absence throws; so does a counter that has not moved on (unless both are 0: synced passkeys).
        requireUserVerification: true,
      });
    } catch {
      verified = null;
    }
    if (
      !verified?.verified ||
      !handleMatches(response.response.userHandle, { id: passkey.userId, handle: found.handle })
    ) {
      await drop(c, kept);
      return fail(c, 401, REFUSED);
    }
    // Signing in again in a browser ends the session it had: its cookie is replaced, its row would live on.
    const before = await verifyToken(c);
    const session = sessionToStart(c, { id: passkey.userId, name: found.name });
    try {
      await db.batch([
        spend(c, kept, "login", null),
        db
          .update(passkeys)
          .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: Date.now() })
          .where(eq(passkeys.id, passkey.id)),
        ...(before
          ? [db.delete(sessions).where(and(eq(sessions.id, before.sessionId), eq(sessions.userId, before.userId)))]
          : []),
        session.insert,
      ] as unknown as Batch);
    } catch (err) {
      if (isSpent(err)) return fail(c, 401, NO_CHALLENGE);
      throw err;
    }
    const { token } = await session.begin();
    return c.json({ token }, 200);
  });
