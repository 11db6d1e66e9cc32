import { ProfileBody } from "@nook/shared/auth/schemas";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { accountTaken, profileColumns } from "./accounts.ts";
import { users } from "./schema.ts";

/** The signed-in user's own profile (spec §7: PUT /api/user/profile). */
export const profileRoutes = new Hono<AppEnv>().put(
  "/profile",
  requireUser,
  validate("json", ProfileBody),
  async (c) => {
    const body = c.req.valid("json");
    const update = c.var.db
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
      .where(eq(users.id, c.var.user.id))
      .returning(profileColumns);
    try {
      return c.json(await update.get(), 200);
    } catch (err) {
      const taken = accountTaken(err);
      if (taken) return fail(c, 409, taken);
      throw err;
    }
  },
);
