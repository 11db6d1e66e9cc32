import { DeleteAccountBody, ProfileBody } from "@nook/shared/auth/schemas";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_SIGNED_IN } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import {
  type Batch,
  conflict,
  IF_MATCH_INVALID,
  ifMatch,
  isVersionConflict,
  versionGate,
} from "../platform/version-gate.ts";
import { refreshNextDue } from "../push/reminder-settings.ts";
import { accountTaken, versioned, versionedProfileColumns } from "./accounts.ts";
import { leaveStatements, purgeAccount, REQUEST_BUDGET } from "./delete-account.ts";
import { verifyPassword } from "./password.ts";
import { users } from "./schema.ts";
import { clearSessionCookie } from "./session.ts";
import { takePasswordAttempt } from "./throttle.ts";

/**
 * The signed-in user's own account: the profile (spec §7: PUT /api/user/profile) and leaving
 * (DELETE /api/user/account). The export lives beside it (export-routes.ts).
 */
export const profileRoutes = new Hono<AppEnv>()
  .put("/profile", requireUser, validate("json", ProfileBody), async (c) => {
    const body = c.req.valid("json");
    const version = ifMatch(c);
    if (version === null) return fail(c, 400, IF_MATCH_INVALID);
    const db = c.var.db;
    // A new sign-in address takes the password: a session alone must not take the account.
    const current = await db
      .select({ email: users.email, hash: users.passwordHash, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    if (!current) return fail(c, 401, NOT_SIGNED_IN);
    const newEmail = current.email !== body.email;
    if (newEmail) {
      if (!body.currentPassword)
        return fail(c, 400, message("Enter your current password to change the e-mail you sign in with"));
      const attempt = await takePasswordAttempt(db, c.var.user.id);
      if (attempt.wait > 0)
        return fail(
          c,
          429,
          message("Too many wrong passwords. Try again in {minutes} min.", { minutes: attempt.wait }),
        );
      if (!(await verifyPassword(body.currentPassword, current.hash)))
        return fail(c, 401, message("Current password is incorrect"));
      await attempt.release();
    }
    const update = db
      .update(users)
      .set({
        email: body.email,
        name: body.name,
        username: body.username,
        dateOfBirth: body.dateOfBirth,
        accentColor: body.accentColor,
        ...(body.timeZone ? { timeZone: body.timeZone } : {}),
        updatedAt: Date.now(),
      })
      // The address checked above is still the account's (a change racing this one is refused, not passed).
      .where(and(eq(users.id, c.var.user.id), eq(users.email, newEmail ? current.email : body.email)))
      .returning(versionedProfileColumns);
    try {
      // Against the version it was read at, when given (platform/version-gate.ts): a stale write changes nothing.
      const gate = versionGate(db, "profile", c.var.user.id, 0, version);
      const results = await db.batch([...gate, update] as unknown as Batch);
      const [row] = results[gate.length] as Awaited<typeof update>;
      if (!row) {
        // Its address changed meanwhile (the account is still there): changed elsewhere, as a stale version.
        const [now] = await db.select(versionedProfileColumns).from(users).where(eq(users.id, c.var.user.id));
        return now ? conflict(c, versioned(now)) : fail(c, 401, NOT_SIGNED_IN);
      }
      // The reminders' wall times are the new zone's: when they are next sent moves with it.
      if (body.timeZone && body.timeZone !== current.timeZone)
        await refreshNextDue(db, c.var.user.id, body.timeZone, Date.now());
      return c.json(versioned(row), 200);
    } catch (err) {
      if (isVersionConflict(err)) {
        const [current] = await db.select(versionedProfileColumns).from(users).where(eq(users.id, c.var.user.id));
        return conflict(c, current ? versioned(current) : null);
      }
      const taken = accountTaken(err);
      if (taken) return fail(c, 409, taken);
      throw err;
    }
  })
  /**
   * Leaving: the account's password (a wrong one 401, throttled as the password change's are: 10 an
   * account in 15 minutes, so a stolen session cannot guess faster than sign-in), then the account made
   * unreachable in one batch (every session ended, its e-mail and username let go) and its rows removed a
   * part at a time, here and then by the cron (auth/delete-account.ts), and the cookie cleared.
   */
  .delete("/account", requireUser, validate("json", DeleteAccountBody), async (c) => {
    const { password } = c.req.valid("json");
    const db = c.var.db;
    const userId = c.var.user.id;
    const attempt = await takePasswordAttempt(db, userId);
    if (attempt.wait > 0)
      return fail(c, 429, message("Too many wrong passwords. Try again in {minutes} min.", { minutes: attempt.wait }));
    const user = await db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!user || !(await verifyPassword(password, user.passwordHash)))
      return fail(c, 401, message("Password is incorrect"));
    const d1 = c.var.d1;
    await d1.batch(leaveStatements(d1, { id: userId, email: user.email }, Date.now()));
    // A small account goes whole here; the cron goes on with the rest of a large one (delete-account.ts).
    await purgeAccount(d1, userId, REQUEST_BUDGET);
    c.set("sessionClosed", true);
    clearSessionCookie(c);
    return c.json({ message: "Account deleted" satisfies ServerMessage }, 200);
  });
