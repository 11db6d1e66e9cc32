import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { startSession } from "../auth/session.ts";
import type { AppEnv } from "../context.ts";
import { users } from "../db/schema.ts";
import { fail } from "../http/errors.ts";

export const DEFAULT_DEMO_EMAIL = "demo@nook.localhost";

/** GET /api/prodyalogin: signs in the demo account, only where DEV_LOGIN is "true" (local dev). */
export const devLoginRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (c.env.DEV_LOGIN !== "true") return fail(c, 404, "Not found");
  const email = c.env.DEMO_EMAIL ?? DEFAULT_DEMO_EMAIL;
  const user = await c.var.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
    .get();
  if (!user) return fail(c, 404, "The demo account does not exist; run npm start to seed it");
  const { token } = await startSession(c, user);
  return c.json({ token }, 200);
});
