import { message } from "@nook/shared/common/messages";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { users } from "./schema.ts";
import { startSession } from "./session.ts";

/** GET /api/prodyalogin: signs in the demo account, only where DEV_LOGIN is "true" (local dev). */
export const devLoginRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (!c.var.config.devLogin) return fail(c, 404, NOT_FOUND);
  const user = await c.var.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, c.var.config.demoEmail))
    .get();
  if (!user) return fail(c, 404, message("The demo account does not exist; run npm start to seed it"));
  const { token } = await startSession(c, user);
  return c.json({ token }, 200);
});
