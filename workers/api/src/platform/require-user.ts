import { ACCOUNT_HEADER, accountOfHeader } from "@nook/shared/common/account-header";
import { message } from "@nook/shared/common/messages";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { slideSession, type VerifiedToken, verifyToken } from "../auth/session.ts";
import { SessionEnded, SessionGate } from "../auth/session-gate.ts";
import type { AppEnv } from "./context.ts";
import { openDb } from "./db.ts";
import { fail, NOT_SIGNED_IN } from "./errors.ts";

const ACCOUNT_HEADER_INVALID = message("The Nook-Account header is a user's id in decimal");
const OTHER_ACCOUNT = message("This was sent for another account than the one signed in now");

/**
 * 401 unless the request carries a live session. The token's signature is
 * checked here and sets `c.var.user.id`; the session row is checked on the
 * route's first trip to D1 (auth/session-gate.ts), through the `c.var.db` set
 * here, and `c.var.session.read()` gives its user's row. A route that made no
 * trip has it checked after it ran, and an ended session's answer is the 401.
 *
 * A request that names its account (`Nook-Account`, shared/common/account-header.ts)
 * is for that account only: naming another than the session's is 409 before
 * the route runs, so nothing is written (no key claimed, no row touched, no
 * session slid). Every answer given under the live session names its account
 * in the same header, the route's refusals and failures included.
 */
export const requireUser = createMiddleware<AppEnv>(async function requireUser(c, next) {
  const token = await verifyToken(c);
  if (!token) return fail(c, 401, NOT_SIGNED_IN);
  const now = Date.now();
  const named = c.req.header(ACCOUNT_HEADER);
  if (named !== undefined) {
    const account = accountOfHeader(named);
    if (account === null) return fail(c, 400, ACCOUNT_HEADER_INVALID);
    if (account !== token.userId) return otherAccount(c, token, now);
  }
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
  c.res.headers.set(ACCOUNT_HEADER, String(token.userId));
  // The route ended this very session (the account deleted): no row to slide, no cookie to write again.
  if (c.get("sessionClosed")) return;
  await slideSession(c, token, read, now);
});

/**
 * The request names another account than the session's: 409, and the route
 * never runs. Only a live session is an account signed in now, so the session
 * is looked up first (a SELECT, which writes nothing): an ended one is the
 * 401 it would be without the header. The refusal names the session's account.
 */
async function otherAccount(c: Context<AppEnv>, token: VerifiedToken, now: number) {
  try {
    await new SessionGate(c.var.d1, token, now, { readCheck: true }).read();
  } catch (err) {
    if (!(err instanceof SessionEnded)) throw err;
    return fail(c, 401, NOT_SIGNED_IN);
  }
  c.header(ACCOUNT_HEADER, String(token.userId));
  return fail(c, 409, OTHER_ACCOUNT);
}
