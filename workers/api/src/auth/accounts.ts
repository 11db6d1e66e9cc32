import { type ApiMessage, message } from "@nook/shared/common/messages";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { isUniqueViolation } from "../platform/unique-violation.ts";
import { loginAttempts, passkeys, sessions, users } from "./schema.ts";
import { passwordKey } from "./throttle.ts";

/** The profile as the API shows it (spec §7 `GET /api/auth/me`): one column list for every read and write. */
export const profileColumns = {
  email: users.email,
  name: users.name,
  dateOfBirth: users.dateOfBirth,
  username: users.username,
  accentColor: users.accentColor,
  timeZone: users.timeZone,
};

/** The profile with its version, `updatedAt` (epoch ms), answered as `modifiedAt` by `versioned`. */
export const versionedProfileColumns = { ...profileColumns, updatedAt: users.updatedAt };

/** A profile row as the API answers it: its version an ISO `modifiedAt` (the If-Match of its next edit). */
export function versioned<T extends { updatedAt: number }>({ updatedAt, ...profile }: T) {
  return { ...profile, modifiedAt: new Date(updatedAt).toISOString() };
}

/**
 * Why a write of an account was refused, answered with 409: another account
 * holds its email or username. The unique indexes are the one check, so two
 * sign-ups at once cannot both pass it; null for any other error.
 */
export function accountTaken(err: unknown): ApiMessage | null {
  if (isUniqueViolation(err, "users.email")) return message("Email is already in use");
  // A username held in another case trips the index on lower(username) (SQLite may name either index).
  if (isUniqueViolation(err, "users.username") || isUniqueViolation(err, "users_username_lower"))
    return message("Username is already taken");
  return null;
}

/** Inserts an account; an email or username already held throws (see `accountTaken`). */
export async function insertAccount(
  db: Db,
  account: {
    email: string;
    name: string;
    username: string;
    passwordHash: string;
    timeZone?: string | null;
    dateOfBirth?: string | null;
  },
): Promise<{ id: number; name: string }> {
  const [row] = await db
    .insert(users)
    .values({ timeZone: null, dateOfBirth: null, ...account })
    .returning({ id: users.id, name: users.name });
  if (!row) throw new Error("the insert returned no row");
  return row;
}

/**
 * A new password hash; every session of the account ends with it except
 * `keepSessionId` (the one that asked), and with `removePasskeys` every passkey
 * of the account too (one planted by whoever held the old password would still
 * sign in). All of it lands together. The passkeys removed, counted.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  keepSessionId?: string,
  removePasskeys = false,
): Promise<{ passkeysRemoved: number }> {
  const ended =
    keepSessionId === undefined
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  const [, , , removed] = await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, userId)),
    db.delete(sessions).where(ended),
    // A new password starts with no wrong guesses at the old one held against it.
    db.delete(loginAttempts).where(eq(loginAttempts.key, passwordKey(userId))),
    // Not asked: a delete of nothing, which keeps the batch one shape.
    db
      .delete(passkeys)
      .where(removePasskeys ? eq(passkeys.userId, userId) : sql`0`)
      .returning({ id: passkeys.id }),
  ]);
  return { passkeysRemoved: removed.length };
}
