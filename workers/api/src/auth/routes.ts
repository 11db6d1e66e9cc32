import {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  SessionIdParam,
  type SessionListed,
} from "@nook/shared/auth/schemas";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND, NOT_SIGNED_IN } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { accountTaken, insertAccount, replacePassword, versioned, versionedProfileColumns } from "./accounts.ts";
import { deviceOf, writeDeviceCookie } from "./device-cookie.ts";
import { insertInvitedAccount, liveInvite } from "./invites.ts";
import { checkPassword, dummyHash, hashPassword, needsRehash, verifyPassword } from "./password.ts";
import { sessions, users } from "./schema.ts";
import { clearSessionCookie, startSession, verifyToken } from "./session.ts";
import { clearOwnFailures, takePasswordAttempt, takeSignInAttempt, takeSignupAttempt } from "./throttle.ts";
import { browserOf } from "./user-agent.ts";
import { weakPassword } from "./weak-passwords.ts";

function clientAddress(c: { req: { header(name: string): string | undefined } }) {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

/** Sign-in, sign-up, the auth check, logout and password change (spec §7 "Auth"). */
export const authRoutes = new Hono<AppEnv>()
  .post("/login", validate("json", LoginBody), async (c) => {
    const { email, password, timeZone } = c.req.valid("json");
    const db = c.var.db;
    const client = clientAddress(c);
    // Counted before the check: of guesses sent together, at most the limit are checked. A browser that
    // signed in to this account before is counted by its device, apart from unknown clients.
    const device = await deviceOf(c, email);
    const attempt = await takeSignInAttempt(db, email, client, device);
    if (attempt.wait > 0)
      return fail(c, 429, message("Too many sign-in attempts. Try again in {minutes} min.", { minutes: attempt.wait }));

    const user = await db.select().from(users).where(eq(users.email, email)).get();
    const { passwordHash: algorithm, passwordCost: cost } = c.var.config;
    // Verify against a throwaway hash when the account does not exist, so timing does not tell.
    const match = await checkPassword(password, user?.passwordHash ?? (await dummyHash(algorithm, cost)));
    // A failure keeps the attempt; a success takes it back, and its own device's and address's failures.
    if (!user || !match) return fail(c, 401, message("Invalid credentials"));
    await attempt.release();
    await clearOwnFailures(db, email, client, device);
    // Signing in again in a browser ends the session it had: its cookie is replaced, its row would live on.
    const before = await verifyToken(c);
    if (before)
      await db.delete(sessions).where(and(eq(sessions.id, before.sessionId), eq(sessions.userId, before.userId)));
    const changes: Partial<typeof users.$inferInsert> = {};
    // Made again from NFC when it was made under older settings, or from a password that was not NFC
    // (it matched only as typed): from now on the password signs in however it is keyed.
    if (match === "typed" || needsRehash(user.passwordHash, algorithm, cost))
      changes.passwordHash = await hashPassword(password, algorithm, cost);
    if (!user.timeZone && timeZone) changes.timeZone = timeZone;
    if (Object.keys(changes).length > 0)
      await db
        .update(users)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(users.id, user.id));
    const { token } = await startSession(c, user);
    await writeDeviceCookie(c, email, device);
    return c.json({ token }, 200);
  })
  .post("/register", validate("json", RegisterBody), async (c) => {
    const body = c.req.valid("json");
    // Closed, an invite link is the way in; open, an invite given is checked and spent all the same.
    if (!c.var.config.signupOpen && body.invite === undefined) return fail(c, 403, message("Sign-up is closed"));
    const db = c.var.db;
    const weak = weakPassword(body.password, body);
    if (weak) return fail(c, 400, weak);
    // Throttled per e-mail and per client before the slow hash; the attempt counts before the write.
    const client = clientAddress(c);
    const attempt = await takeSignupAttempt(db, body.email, client);
    if (attempt.wait > 0)
      return fail(c, 429, message("Too many sign-up attempts. Try again in {minutes} min.", { minutes: attempt.wait }));
    const invite = body.invite === undefined ? null : await liveInvite(db, body.invite);
    if (invite && !("id" in invite)) return fail(c, 403, invite);
    const account = {
      email: body.email,
      name: body.name,
      username: body.username,
      passwordHash: await hashPassword(body.password, c.var.config.passwordHash, c.var.config.passwordCost),
      timeZone: body.timeZone ?? null,
    };
    let user: { id: number; name: string } | null;
    try {
      user = invite ? await insertInvitedAccount(c.var.d1, invite.id, account) : await insertAccount(db, account);
    } catch (err) {
      const taken = accountTaken(err);
      if (taken) return fail(c, 409, taken);
      throw err;
    }
    // Another sign-up spent the invite since it was read.
    if (!user) return fail(c, 403, message("This invite link has already been used"));
    const { token } = await startSession(c, user);
    return c.json({ token, id: user.id }, 201);
  })
  .get("/checkAuth", requireUser, async (c) => {
    const { user } = await c.var.session.read();
    // The spec's shape, and the profile's zone the screens count days in (null: none set, the API counts in UTC).
    return c.json(
      {
        tokenData: { name: user.name, id: user.id },
        userData: { accentColor: user.accentColor, timeZone: user.timeZone },
      },
      200,
    );
  })
  .get("/me", requireUser, async (c) => {
    const me = await c.var.db.select(versionedProfileColumns).from(users).where(eq(users.id, c.var.user.id)).get();
    if (!me) return fail(c, 401, NOT_SIGNED_IN);
    // With its version (`modifiedAt`): the profile form's save is made against it (If-Match).
    return c.json(versioned(me), 200);
  })
  // The spec's logout is a GET; it is the one state change allowed on GET. The
  // Origin check leaves GETs alone, so a page on another site could send the
  // browser here (a link, an image) and end its session; the browser says so.
  .get("/logout", async (c) => {
    if (c.req.header("Sec-Fetch-Site") === "cross-site") return fail(c, 403, message("Cross-site request refused"));
    // The token's own session, live or not: one trip, and a logout of an ended session is still a logout.
    const token = await verifyToken(c);
    if (token)
      await c.var.db.delete(sessions).where(and(eq(sessions.id, token.sessionId), eq(sessions.userId, token.userId)));
    clearSessionCookie(c);
    return c.json({ message: "Logged out" satisfies ServerMessage }, 200);
  })
  /**
   * The account's sessions, newest first: when each began and was last used, until when it lasts, the
   * browser and system it signed in from (its User-Agent, in words), and which is this one.
   */
  .get("/sessions", requireUser, async (c) => {
    const rows = await c.var.db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, c.var.user.id), gt(sessions.expiresAt, Date.now())))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
      .all();
    const iso = (ms: number) => new Date(ms).toISOString();
    return c.json(
      rows.map(
        (r): SessionListed => ({
          id: r.id,
          createdAt: iso(r.createdAt),
          lastSeenAt: iso(r.lastSeenAt),
          expiresAt: iso(r.expiresAt),
          ...browserOf(r.userAgent),
          current: r.id === c.var.sessionId,
        }),
      ),
      200,
    );
  })
  /** Ends one of the account's sessions (this one too: then as a sign-out, its cookie cleared). */
  .delete("/sessions/:id", requireUser, validate("param", SessionIdParam), async (c) => {
    const { id } = c.req.valid("param");
    const [ended] = await c.var.db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, c.var.user.id)))
      .returning({ id: sessions.id });
    if (!ended) return fail(c, 404, NOT_FOUND);
    if (id === c.var.sessionId) {
      c.set("sessionClosed", true);
      clearSessionCookie(c);
    }
    return c.json({ message: "Session ended" satisfies ServerMessage }, 200);
  })
  /** "Sign out everywhere else": every session of the account but this one ends. */
  .delete("/sessions", requireUser, async (c) => {
    const ended = await c.var.db
      .delete(sessions)
      .where(and(eq(sessions.userId, c.var.user.id), ne(sessions.id, c.var.sessionId)))
      .returning({ id: sessions.id });
    return c.json({ ended: ended.length }, 200);
  })
  .post("/change-password", requireUser, validate("json", ChangePasswordBody), async (c) => {
    const { currentPassword, newPassword, removePasskeys } = c.req.valid("json");
    const db = c.var.db;
    const userId = c.var.user.id;
    const account = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    const weak = account && weakPassword(newPassword, account);
    if (weak) return fail(c, 400, weak);
    const attempt = await takePasswordAttempt(db, userId);
    if (attempt.wait > 0)
      return fail(c, 429, message("Too many wrong passwords. Try again in {minutes} min.", { minutes: attempt.wait }));
    const user = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
      return fail(c, 401, message("Current password is incorrect"));
    await attempt.release();
    // The new hash, the end of every other session and (when asked) of every passkey land together.
    const hash = await hashPassword(newPassword, c.var.config.passwordHash, c.var.config.passwordCost);
    const { passkeysRemoved } = await replacePassword(db, userId, hash, c.var.sessionId, removePasskeys);
    return c.json({ message: "Password changed" satisfies ServerMessage, passkeysRemoved }, 200);
  });
