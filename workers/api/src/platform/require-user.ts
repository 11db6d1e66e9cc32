import { createMiddleware } from "hono/factory";
import { authenticate } from "../auth/session.ts";
import type { AppEnv } from "./context.ts";
import { fail, NOT_SIGNED_IN } from "./errors.ts";

/** 401 unless the request carries a live session; sets `c.var.user` and `c.var.sessionId`. */
export const requireUser = createMiddleware<AppEnv>(async function requireUser(c, next) {
  const session = await authenticate(c);
  if (!session) return fail(c, 401, NOT_SIGNED_IN);
  c.set("user", session.user);
  c.set("sessionId", session.sessionId);
  await next();
});
