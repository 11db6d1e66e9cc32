import { timingSafeEqual } from "node:crypto";
import { INVITE_DAYS, INVITE_LOOKUP_LENGTH, INVITES_WAITING_MAX } from "@nook/shared/auth/limits";
import { type ApiMessage, message } from "@nook/shared/common/messages";
import { and, count, eq, isNotNull, lte, or } from "drizzle-orm";
import { base64url, randomBase64url } from "../platform/base64url.ts";
import type { D1Trips, Db } from "../platform/db.ts";
import { invites } from "./schema.ts";

/**
 * Invite links (DESIGN §5 "Joining"): a signed-in person makes one, and it lets one person make an account
 * within INVITE_DAYS, where sign-up is closed too. Only the secret's SHA-256 is kept.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function sha256(text: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Two texts equal, in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  const [x, y] = [new TextEncoder().encode(a), new TextEncoder().encode(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Used or past its time: an invite that no longer lets anyone in. */
const spent = (now: number) => or(isNotNull(invites.usedAt), lte(invites.expiresAt, now));

/**
 * A new invite of the user's: its id, token (shown once) and end; or null when INVITES_WAITING_MAX are
 * waiting. The user's used and expired invites go in the same trip, so an account keeps at most that many
 * rows beside the ones it is making.
 */
export async function makeInvite(db: Db, userId: number, now = Date.now()) {
  const [, [waiting]] = await db.batch([
    db.delete(invites).where(and(eq(invites.userId, userId), spent(now))),
    db.select({ n: count() }).from(invites).where(eq(invites.userId, userId)),
  ]);
  if ((waiting?.n ?? 0) >= INVITES_WAITING_MAX) return null;
  // 12 random bytes make the lookup's 16 characters, 32 the secret's 43.
  const lookup = randomBase64url(12);
  const secret = randomBase64url(32);
  const [row] = await db
    .insert(invites)
    .values({
      userId,
      lookup,
      secretHash: await sha256(secret),
      createdAt: now,
      expiresAt: now + INVITE_DAYS * DAY_MS,
    })
    .returning({ id: invites.id, createdAt: invites.createdAt, expiresAt: invites.expiresAt });
  if (!row) throw new Error("the invite's insert returned no row");
  return { ...row, token: `${lookup}${secret}` };
}

/**
 * The invite a token names, if it still lets someone in (its id), or why not in words: found by the
 * lookup, the secret's hash compared in constant time; a withdrawn invite is as unknown as a made-up one.
 */
export async function liveInvite(db: Db, token: string, now = Date.now()): Promise<{ id: number } | ApiMessage> {
  const row = await db
    .select({ id: invites.id, secretHash: invites.secretHash, usedAt: invites.usedAt, expiresAt: invites.expiresAt })
    .from(invites)
    .where(eq(invites.lookup, token.slice(0, INVITE_LOOKUP_LENGTH)))
    .get();
  if (!row || !sameText(row.secretHash, await sha256(token.slice(INVITE_LOOKUP_LENGTH))))
    return message("This invite link is not valid");
  if (row.usedAt !== null) return message("This invite link has already been used");
  if (row.expiresAt <= now) return message("This invite link has expired");
  return { id: row.id };
}

/**
 * Spends the invite and makes the account in one batch (D1's one transaction): the invite is marked with
 * this sign-up's random mark only while it is unused and unexpired, and the account is inserted only when
 * the invite holds that mark. Of sign-ups racing on one invite, one makes an account; the others get null.
 * An e-mail or username already held throws (accounts.ts `accountTaken`) and rolls the spending back.
 * Raw statements: drizzle's insert from a select must name every column of `users`, defaults included.
 */
export async function insertInvitedAccount(
  d1: D1Trips,
  inviteId: number,
  account: { email: string; name: string; username: string; passwordHash: string; timeZone: string | null },
  now = Date.now(),
): Promise<{ id: number; name: string } | null> {
  const mark = randomBase64url(16);
  const [, made] = await d1.batch<{ id: number; name: string }>([
    d1
      .prepare("UPDATE invites SET used_at = ?2, spent_by = ?3 WHERE id = ?1 AND used_at IS NULL AND expires_at > ?2")
      .bind(inviteId, now, mark),
    d1
      .prepare(
        `INSERT INTO users (email, name, username, password_hash, time_zone)
         SELECT ?3, ?4, ?5, ?6, ?7 FROM invites WHERE id = ?1 AND spent_by = ?2
         RETURNING id, name`,
      )
      .bind(inviteId, mark, account.email, account.name, account.username, account.passwordHash, account.timeZone),
  ]);
  return made?.results[0] ?? null;
}
