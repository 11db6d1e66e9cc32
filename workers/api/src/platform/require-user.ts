import { createMiddleware } from "hono/factory";
import { slideSession, verifyToken } from "../auth/session.ts";
import { SessionEnded, SessionGate } from "../auth/session-gate.ts";
import type { AppEnv } from "./context.ts";
import { openDb } from "./db.ts";
import { fail, NOT_SIGNED_IN } from "./errors.ts";

/**
 * 401 unless the request carries a live session. The token's signature is
 * checked here and sets `c.var.user.id`; the session row is checked on the
 * route's first trip to D1 (auth/session-gate.ts), through the `c.var.db` set
 * here, and `c.var.session.read()` gives its user's row. A route that made no
 * trip has it checked after it ran, and an ended session's answer is the 401.
 */
export const requireUser = createMiddleware<AppEnv>(async function requireUser(c, next) {
  const token = await verifyToken(c);
  if (!token) return fail(c, 401, NOT_SIGNED_IN);
  const now = Date.now();
  // Over the request's D1 session (d1-session.ts). A GET's or HEAD's check may be a SELECT a replica answers;
  // a request that may write keeps the insert whose trigger rolls its batch back (auth/session-gate.ts).
  const readCheck = c.req.method === "GET" || c.req.method === "HEAD";
  const gate = new SessionGate(c.var.d1, token, now, { readCheck });
  c.set("session", gate);
  c.set("user", { id: token.userId });
  c.set("sessionId", token.sessionId);
  c.set("db", openDb(gate.binding()));
  await next();
  let read: Awaited<ReturnType<SessionGate["read"]>>;
  try {
    read = await gate.read();
  } catch (err) {
    if (!(err instanceof SessionEnded)) throw err;
    c.res = undefined;
    c.res = fail(c, 401, NOT_SIGNED_IN);
    return;
  }
  // The route ended this very session (the account deleted): no row to slide, no cookie to write again.
  if (c.get("sessionClosed")) return;
  await slideSession(c, token, read, now);
});
