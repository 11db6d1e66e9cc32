import { INVITES_WAITING_MAX, type InviteListed, SignupQuery } from "@nook/shared/auth/schemas";
import { message, type ServerMessage } from "@nook/shared/common/messages";
import { IdParam } from "@nook/shared/common/validation";
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../platform/context.ts";
import { fail, NOT_FOUND } from "../platform/errors.ts";
import { requireUser } from "../platform/require-user.ts";
import { validate } from "../platform/validate.ts";
import { liveInvite, makeInvite } from "./invites.ts";
import { invites } from "./schema.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const listed = (row: { id: number; createdAt: number; expiresAt: number; usedAt: number | null }): InviteListed => ({
  id: row.id,
  createdAt: iso(row.createdAt),
  expiresAt: iso(row.expiresAt),
  usedAt: row.usedAt === null ? null : iso(row.usedAt),
});

/**
 * Joining (DESIGN §5): whether the sign-up page may make an account, and the signed-in side of invite links
 * (made, listed, withdrawn). The link itself is the auth site's `/signup?invite=<token>`, built by the page
 * or `npm run user -- invite` from the token, which is answered once and never kept.
 */
export const inviteRoutes = new Hono<AppEnv>()
  /** Signed out: `{ open }` (the SIGNUP setting), and with `?invite=` whether that link still lets one in (403 in words if not). */
  .get("/signup", validate("query", SignupQuery), async (c) => {
    const { invite } = c.req.valid("query");
    if (invite !== undefined) {
      const found = await liveInvite(c.var.db, invite);
      if (!("id" in found)) return fail(c, 403, found);
    }
    return c.json({ open: c.var.config.signupOpen, invited: invite !== undefined }, 200);
  })
  /** The account's invites, newest first: waiting, used, and expired ones not yet cleared. */
  .get("/invites", requireUser, async (c) => {
    const rows = await c.var.db
      .select({ id: invites.id, createdAt: invites.createdAt, expiresAt: invites.expiresAt, usedAt: invites.usedAt })
      .from(invites)
      .where(eq(invites.userId, c.var.user.id))
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .all();
    return c.json(rows.map(listed), 200);
  })
  /**
   * A new invite: its token, shown this once. No Idempotency-Key: a kept answer would hold the secret that
   * only its hash may be kept as; a retry makes a second invite, which the list shows and Withdraw ends.
   */
  .post("/invites", requireUser, async (c) => {
    const made = await makeInvite(c.var.db, c.var.user.id);
    if (!made)
      return fail(
        c,
        409,
        message("You have {max} invite links waiting: withdraw one first", { max: INVITES_WAITING_MAX }),
      );
    return c.json({ ...listed({ ...made, usedAt: null }), token: made.token }, 201);
  })
  /** Withdraws one of the account's invites: its link no longer lets anyone in. */
  .delete("/invites/:id", requireUser, validate("param", IdParam), async (c) => {
    const { id } = c.req.valid("param");
    const gone = await c.var.db
      .delete(invites)
      .where(and(eq(invites.id, id), eq(invites.userId, c.var.user.id)))
      .returning({ id: invites.id });
    if (!gone.length) return fail(c, 404, NOT_FOUND);
    return c.json({ message: "Invite link withdrawn" satisfies ServerMessage }, 200);
  });
