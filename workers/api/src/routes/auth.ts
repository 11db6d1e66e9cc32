import { ChangePasswordBody, LoginBody, RegisterBody } from "@nook/shared/auth";
import { and, eq, ne, or } from "drizzle-orm";
import { Hono } from "hono";
import { dummyHash, hashPassword, needsRehash, passwordAlgorithm, verifyPassword } from "../auth/password.ts";
import { authenticate, clearSessionCookie, startSession } from "../auth/session.ts";
import { clearAccountFailures, recordFailure, throttledFor } from "../auth/throttle.ts";
import type { AppEnv } from "../context.ts";
import { sessions, users } from "../db/schema.ts";
import { fail } from "../http/errors.ts";
import { requireUser } from "../http/middleware.ts";
import { validate } from "../http/validate.ts";

const INVALID_CREDENTIALS = "Invalid credentials";

function clientAddress(c: { req: { header(name: string): string | undefined } }) {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

/** Sign-in, sign-up, the auth check, logout and password change (spec §7 "Auth"). */
export const authRoutes = new Hono<AppEnv>()
  .post("/login", validate("json", LoginBody), async (c) => {
    const { email, password, timeZone } = c.req.valid("json");
    const db = c.var.db;
    const client = clientAddress(c);
    const wait = await throttledFor(db, email, client);
    if (wait > 0) return fail(c, 429, `Too many sign-in attempts. Try again in ${wait} min.`);

    const user = await db.select().from(users).where(eq(users.email, email)).get();
    const algorithm = passwordAlgorithm(c.env.PASSWORD_HASH);
    // Verify against a throwaway hash when the account does not exist, so timing does not tell.
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash(algorithm)));
    if (!user || !ok) {
      await recordFailure(db, email, client);
      return fail(c, 401, INVALID_CREDENTIALS);
    }
    await clearAccountFailures(db, email);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (needsRehash(user.passwordHash, algorithm)) changes.passwordHash = await hashPassword(password, algorithm);
    if (!user.timeZone && timeZone) changes.timeZone = timeZone;
    if (Object.keys(changes).length > 0)
      await db
        .update(users)
        .set({ ...changes, updatedAt: Date.now() })
        .where(eq(users.id, user.id));
    const { token } = await startSession(c, user);
    return c.json({ token }, 200);
  })
  .post("/register", validate("json", RegisterBody), async (c) => {
    if (c.env.SIGNUP !== "open") return fail(c, 403, "Sign-up is closed");
    const body = c.req.valid("json");
    const db = c.var.db;
    const taken = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, body.email), eq(users.username, body.username)))
      .get();
    if (taken)
      return fail(c, 409, taken.email === body.email ? "Email is already in use" : "Username is already taken");
    const passwordHash = await hashPassword(body.password, passwordAlgorithm(c.env.PASSWORD_HASH));
    const user = await db
      .insert(users)
      .values({
        email: body.email,
        name: body.name,
        username: body.username,
        passwordHash,
        timeZone: body.timeZone ?? null,
      })
      .returning({ id: users.id, name: users.name })
      .get();
    const { token } = await startSession(c, user);
    return c.json({ token, id: user.id }, 201);
  })
  .get("/checkAuth", requireUser, (c) => {
    const user = c.var.user;
    return c.json({ tokenData: { name: user.name, id: user.id }, userData: { accentColor: user.accentColor } }, 200);
  })
  .get("/me", requireUser, async (c) => {
    const me = await c.var.db
      .select({
        email: users.email,
        name: users.name,
        dateOfBirth: users.dateOfBirth,
        username: users.username,
        accentColor: users.accentColor,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    if (!me) return fail(c, 401, "Not signed in");
    return c.json(me, 200);
  })
  // The spec's logout is a GET; it is the one state change allowed on GET.
  .get("/logout", async (c) => {
    const session = await authenticate(c);
    if (session) await c.var.db.delete(sessions).where(eq(sessions.id, session.sessionId));
    clearSessionCookie(c);
    return c.json({ message: "Logged out" }, 200);
  })
  .post("/change-password", requireUser, validate("json", ChangePasswordBody), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const db = c.var.db;
    const user = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, c.var.user.id))
      .get();
    if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
      return fail(c, 401, "Current password is incorrect");
    const passwordHash = await hashPassword(newPassword, passwordAlgorithm(c.env.PASSWORD_HASH));
    // New hash and the end of every other session land together.
    await db.batch([
      db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, c.var.user.id)),
      db.delete(sessions).where(and(eq(sessions.userId, c.var.user.id), ne(sessions.id, c.var.sessionId))),
    ]);
    return c.json({ message: "Password changed" }, 200);
  });
