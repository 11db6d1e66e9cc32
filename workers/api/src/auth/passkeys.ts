import { PasskeyIdParam, type PasskeyListed, PasskeyLoginBody, PasskeyRegisterBody } from "@nook/shared/auth/schemas";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import { base64url, fromBase64url } from "../platform/base64url.ts";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { passkeys, users } from "./schema.ts";
import { cookiePlace, isHttps, key, startSession, verifyKey } from "./session.ts";

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): registered on the profile, used on the login page to
 * sign in without a password. The relying party is the site that asks — its host and origin, the auth
 * site's, where both screens are. A challenge lives in a signed cookie for CHALLENGE_MS (sent only to these
 * routes, HttpOnly, Strict) and is cleared once used, so the API keeps no state between the two trips. A
 * passkey's sign-in is a session like any other: listed with the rest, ended by a password change.
 */
const CHALLENGE_COOKIE = "nook_webauthn";
const CHALLENGE_PATH = "/api/auth/passkeys";
const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = "Nook";

const NO_CHALLENGE = message("The passkey's request has expired: try again");
const REFUSED = message("The passkey could not be verified: try again, or sign in with your password");
const UNKNOWN = message("This passkey is not one of an account here: sign in with your password");

/** The relying party: the requesting site's host (its id) and origin. */
function relyingParty(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  return { rpID: url.hostname, origin: `${url.protocol}//${url.host}` };
}

type Purpose = "register" | "login";

async function keepChallenge(c: Context<AppEnv>, challenge: string, purpose: Purpose, userId?: number) {
  const token = await new SignJWT({ ch: challenge, p: purpose, ...(userId ? { uid: userId } : {}) })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor((Date.now() + CHALLENGE_MS) / 1000))
    .sign(key(c.var.config.jwtSecret));
  setCookie(c, CHALLENGE_COOKIE, token, {
    ...cookiePlace(c),
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: "Strict",
    maxAge: CHALLENGE_MS / 1000,
  });
}

/** The challenge the request's cookie holds for this purpose (and user), or null; the cookie is cleared. */
async function takeChallenge(c: Context<AppEnv>, purpose: Purpose, userId?: number): Promise<string | null> {
  const cookie = isHttps(c) ? getCookie(c, CHALLENGE_COOKIE, "secure") : getCookie(c, CHALLENGE_COOKIE);
  deleteCookie(c, CHALLENGE_COOKIE, { ...cookiePlace(c), path: CHALLENGE_PATH });
  if (!cookie) return null;
  try {
    const { payload } = await jwtVerify(cookie, await verifyKey(c.var.config.jwtSecret), { algorithms: ["HS256"] });
    if (payload.p !== purpose || typeof payload.ch !== "string") return null;
    if (userId !== undefined && payload.uid !== userId) return null;
    return payload.ch;
  } catch {
    return null;
  }
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
  /** A registration's options: the browser's `navigator.credentials.create` takes them. */
  .post("/register/options", requireUser, async (c) => {
    const userId = c.var.user.id;
    const user = await c.var.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!user) return fail(c, 404, NOT_FOUND);
    const existing = await c.var.db
      .select({ id: passkeys.id, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .all();
    const { rpID } = relyingParty(c);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.email,
      userDisplayName: user.name,
      userID: Uint8Array.from(new TextEncoder().encode(String(userId))),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    await keepChallenge(c, options.challenge, "register", userId);
    return c.json(options, 200);
  })
  /** A registration's answer: verified against its challenge, the passkey kept under its name. */
  .post("/register", requireUser, validate("json", PasskeyRegisterBody), async (c) => {
    const { name, response } = c.req.valid("json");
    const userId = c.var.user.id;
    const challenge = await takeChallenge(c, "register", userId);
    if (!challenge) return fail(c, 400, NO_CHALLENGE);
    const { rpID, origin } = relyingParty(c);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch {
      return fail(c, 400, REFUSED);
    }
    if (!verified.verified) return fail(c, 400, REFUSED);
    const { credential } = verified.registrationInfo;
    const now = Date.now();
    const [row] = await c.var.db
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
  /** A sign-in's options: any passkey of this site (discoverable), the person picks it. */
  .post("/login/options", async (c) => {
    const { rpID } = relyingParty(c);
    const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred" });
    await keepChallenge(c, options.challenge, "login");
    return c.json(options, 200);
  })
  /** A sign-in's answer: the passkey found by its id, its signature verified, a session started. */
  .post("/login", validate("json", PasskeyLoginBody), async (c) => {
    const { response } = c.req.valid("json");
    const challenge = await takeChallenge(c, "login");
    if (!challenge) return fail(c, 400, NO_CHALLENGE);
    const found = await c.var.db
      .select({ passkey: passkeys, name: users.name })
      .from(passkeys)
      .innerJoin(users, eq(users.id, passkeys.userId))
      .where(eq(passkeys.id, response.id))
      .get();
    if (!found) return fail(c, 401, UNKNOWN);
    const { rpID, origin } = relyingParty(c);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: found.passkey.id,
          publicKey: fromBase64url(found.passkey.publicKey),
          counter: found.passkey.counter,
          transports: JSON.parse(found.passkey.transports) as string[],
        },
        requireUserVerification: false,
      });
    } catch {
      return fail(c, 401, REFUSED);
    }
    if (!verified.verified) return fail(c, 401, REFUSED);
    await c.var.db
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: Date.now() })
      .where(eq(passkeys.id, found.passkey.id));
    const { token } = await startSession(c, { id: found.passkey.userId, name: found.name });
    return c.json({ token }, 200);
  });
