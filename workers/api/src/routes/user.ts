import { ProfileBody } from "@nook/shared/auth";
import { and, eq, ne, or } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { users } from "../db/schema.ts";
import { fail } from "../http/errors.ts";
import { requireUser } from "../http/middleware.ts";
import { validate } from "../http/validate.ts";

/** The signed-in user's own profile (spec §7: PUT /api/user/profile). */
export const userRoutes = new Hono<AppEnv>().put("/profile", requireUser, validate("json", ProfileBody), async (c) => {
  const body = c.req.valid("json");
  const db = c.var.db;
  const me = c.var.user.id;
  const clash = await db
    .select({ email: users.email })
    .from(users)
    .where(and(ne(users.id, me), or(eq(users.email, body.email), eq(users.username, body.username))))
    .get();
  if (clash) return fail(c, 409, clash.email === body.email ? "Email is already in use" : "Username is already taken");
  const profile = await db
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
    .where(eq(users.id, me))
    .returning({
      email: users.email,
      name: users.name,
      dateOfBirth: users.dateOfBirth,
      username: users.username,
      accentColor: users.accentColor,
      timeZone: users.timeZone,
    })
    .get();
  return c.json(profile, 200);
});
