import { type ApiMessage, message } from "@nook/shared/common/messages";
import { and, eq, ne, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { sessions, users } from "./schema.ts";

/**
 * Any async drizzle SQLite database: D1 in the Worker, or the user CLI's
 * proxy over `wrangler d1 execute` — so the rules below are written once.
 */
// biome-ignore lint/suspicious/noExplicitAny: the run result differs per driver and is not read here.
export type AccountsDb = BaseSQLiteDatabase<"async", any> & Pick<DrizzleD1Database, "batch">;

/** The profile as the API shows it (spec §7 `GET /api/auth/me`): one column list for every read and write. */
export const profileColumns = {
  email: users.email,
  name: users.name,
  dateOfBirth: users.dateOfBirth,
  username: users.username,
  accentColor: users.accentColor,
  timeZone: users.timeZone,
};

/**
 * Why an email or username cannot be had: another account holds it (answered
 * with 409), or null. `exceptUserId` is the account asking, which may keep its own.
 */
export async function accountConflict(
  db: AccountsDb,
  wanted: { email: string; username: string },
  exceptUserId?: number,
): Promise<ApiMessage | null> {
  const holder = or(eq(users.email, wanted.email), eq(users.username, wanted.username));
  const clash = await db
    .select({ email: users.email })
    .from(users)
    .where(exceptUserId === undefined ? holder : and(ne(users.id, exceptUserId), holder))
    .get();
  if (!clash) return null;
  return clash.email === wanted.email ? message("Email is already in use") : message("Username is already taken");
}

/** Inserts an account whose email and username were checked with `accountConflict`. */
export async function insertAccount(
  db: AccountsDb,
  account: {
    email: string;
    name: string;
    username: string;
    passwordHash: string;
    timeZone?: string | null;
    dateOfBirth?: string | null;
  },
): Promise<{ id: number; name: string }> {
  const row = await db
    .insert(users)
    .values({ timeZone: null, dateOfBirth: null, ...account })
    .returning({ id: users.id, name: users.name })
    .get();
  return row as { id: number; name: string };
}

/**
 * A new password hash; every session of the account ends with it except
 * `keepSessionId` (the one that asked). Both land together.
 */
export async function replacePassword(db: AccountsDb, userId: number, passwordHash: string, keepSessionId?: string) {
  const ended =
    keepSessionId === undefined
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId));
  await db.batch([
    db.update(users).set({ passwordHash, updatedAt: Date.now() }).where(eq(users.id, userId)),
    db.delete(sessions).where(ended),
  ]);
}
