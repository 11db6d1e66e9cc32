import { and, count, eq, gt, inArray, lt, min } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { loginAttempts } from "./schema.ts";

/** DESIGN §4: 10 failures per account or 100 per client address within 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_CLIENT = 100;

export function throttleKeys(email: string, clientAddress: string) {
  return { account: `account:${email}`, client: `client:${clientAddress}` };
}

/**
 * The key of a signed-in user's wrong current passwords (change-password): a
 * stolen session must not guess the password faster than sign-in could.
 */
export const passwordKey = (userId: number) => `password:${userId}`;

/** Minutes until another attempt is allowed, or 0 when no key has reached its limit of failures in the window. */
async function minutesToWait(db: Db, limits: Map<string, number>, now: number): Promise<number> {
  const rows = await db
    .select({ key: loginAttempts.key, n: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, [...limits.keys()]), gt(loginAttempts.at, now - THROTTLE_WINDOW_MS)))
    .groupBy(loginAttempts.key)
    .all();
  let waitMs = 0;
  for (const row of rows)
    if (row.n >= (limits.get(row.key) ?? 0)) waitMs = Math.max(waitMs, (row.oldest ?? now) + THROTTLE_WINDOW_MS - now);
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60000)) : 0;
}

/** Records an attempt under each key and drops their attempts that left the window. */
async function recordFailures(db: Db, keys: string[], now: number) {
  await db.batch([
    db.insert(loginAttempts).values(keys.map((key) => ({ key, at: now }))),
    db
      .delete(loginAttempts)
      .where(and(inArray(loginAttempts.key, keys), lt(loginAttempts.at, now - THROTTLE_WINDOW_MS))),
  ]);
}

/** Minutes until another sign-in is allowed, or 0 when not throttled. */
export function throttledFor(db: Db, email: string, clientAddress: string, now = Date.now()): Promise<number> {
  const keys = throttleKeys(email, clientAddress);
  const limits = new Map([
    [keys.account, MAX_FAILURES_PER_ACCOUNT],
    [keys.client, MAX_FAILURES_PER_CLIENT],
  ]);
  return minutesToWait(db, limits, now);
}

/** Records a failed sign-in for both keys. */
export async function recordFailure(db: Db, email: string, clientAddress: string, now = Date.now()) {
  const keys = throttleKeys(email, clientAddress);
  await recordFailures(db, [keys.account, keys.client], now);
}

/** A successful sign-in clears the account's failures (the client's count stays). */
export async function clearAccountFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `account:${email}`));
}

/** Minutes until the user may try another current password, or 0; the sign-in limit per account. */
export function passwordThrottledFor(db: Db, userId: number, now = Date.now()): Promise<number> {
  return minutesToWait(db, new Map([[passwordKey(userId), MAX_FAILURES_PER_ACCOUNT]]), now);
}

export async function recordPasswordFailure(db: Db, userId: number, now = Date.now()) {
  await recordFailures(db, [passwordKey(userId)], now);
}

/**
 * Sign-up: 5 attempts per e-mail address or 100 per client address
 * within the window, as sign-in's. Every attempt that passes validation counts, whatever its
 * answer — a 409 tells whether an e-mail has an account, so the attempts per
 * address and per client are what limits guessing them, and what limits
 * accounts made in bulk. Keys of their own: sign-ups do not lock sign-in.
 */
export const MAX_SIGNUPS_PER_EMAIL = 5;
export const MAX_SIGNUPS_PER_CLIENT = 100;

export function signupKeys(email: string, clientAddress: string) {
  return { email: `signup:${email}`, client: `signup-client:${clientAddress}` };
}

/** Minutes until another sign-up for this e-mail from this client is allowed, or 0. */
export function signupThrottledFor(db: Db, email: string, clientAddress: string, now = Date.now()): Promise<number> {
  const keys = signupKeys(email, clientAddress);
  const limits = new Map([
    [keys.email, MAX_SIGNUPS_PER_EMAIL],
    [keys.client, MAX_SIGNUPS_PER_CLIENT],
  ]);
  return minutesToWait(db, limits, now);
}

/** Records a sign-up attempt under both keys, before the account is written. */
export async function recordSignup(db: Db, email: string, clientAddress: string, now = Date.now()) {
  const keys = signupKeys(email, clientAddress);
  await recordFailures(db, [keys.email, keys.client], now);
}

/**
 * Drops every attempt that left the window, whatever its key (the cron): a
 * key that never fails again would otherwise keep its rows for good, and
 * anyone can make new keys without signing in.
 */
export async function purgeExpiredAttempts(db: Db, now = Date.now()) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, now - THROTTLE_WINDOW_MS));
}
