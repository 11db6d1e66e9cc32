import { SIGNUPS_PER_CLIENT_MAX, SIGNUPS_PER_EMAIL_MAX, THROTTLE_WINDOW_MINUTES } from "@nook/shared/auth/limits";
import { and, count, eq, gt, inArray, lt, min, or } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { loginAttempts } from "./schema.ts";

/** DESIGN §4: 10 failures per account or 100 per client address within 15 minutes. */
export const THROTTLE_WINDOW_MS = THROTTLE_WINDOW_MINUTES * 60 * 1000;
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

/** Minutes until the oldest of a key's attempts in the window leaves it, at least 1. */
const minutesUntil = (oldest: number, now: number) =>
  Math.max(1, Math.ceil((oldest + THROTTLE_WINDOW_MS - now) / 60000));

/** An attempt taken: the minutes to wait (0: go on with the check), and how to take it back. */
export interface Attempt {
  wait: number;
  /** Removes the attempt's own rows: a check that passed, or one never made, is no failure. */
  release(): Promise<void>;
}

/**
 * Takes an attempt under each key before the slow check (scrypt): the attempt is written and the keys'
 * counts in the window read in one batch, D1's one transaction, so of attempts sent together each sees
 * those before it, and at most each key's limit go on to be checked (OWASP ASVS 6.3.1; a burst of 40
 * wrong passwords at once checks 10). Over a limit, the attempt is taken back and the wait said; a failed
 * check keeps it (a failure), a passed one releases it. The window's older rows go in the same trip. Each
 * row names the address it came from (`client`), so a success can take back its own failures alone.
 */
async function takeAttempt(db: Db, limits: Map<string, number>, client: string | null, now: number): Promise<Attempt> {
  const keys = [...limits.keys()];
  const [written, counts] = await db.batch([
    db
      .insert(loginAttempts)
      .values(keys.map((key) => ({ key, at: now, client })))
      .returning({ id: loginAttempts.id }),
    db
      .select({ key: loginAttempts.key, n: count(), oldest: min(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.at, now - THROTTLE_WINDOW_MS)))
      .groupBy(loginAttempts.key),
    db
      .delete(loginAttempts)
      .where(and(inArray(loginAttempts.key, keys), lt(loginAttempts.at, now - THROTTLE_WINDOW_MS))),
  ]);
  const ids = written.map((r) => r.id);
  const release = async () => {
    await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
  };
  let wait = 0;
  for (const row of counts)
    if (row.n > (limits.get(row.key) ?? 0)) wait = Math.max(wait, minutesUntil(row.oldest ?? now, now));
  if (wait > 0) await release();
  return { wait, release };
}

/**
 * Takes a sign-in attempt for the client's address (DESIGN §4) and either the account's e-mail (an unknown
 * client) or, from a browser that signed in to the account before, its device (device-cookie.ts): a
 * stranger's failures then lock out only unknown clients, never the owner's known browser.
 */
export function takeSignInAttempt(
  db: Db,
  email: string,
  clientAddress: string,
  device: string | null = null,
  now = Date.now(),
): Promise<Attempt> {
  const keys = throttleKeys(email, clientAddress);
  return takeAttempt(
    db,
    new Map([
      [device === null ? keys.account : deviceKey(device), MAX_FAILURES_PER_ACCOUNT],
      [keys.client, MAX_FAILURES_PER_CLIENT],
    ]),
    clientAddress,
    now,
  );
}

/** The key of a known device's sign-in attempts (device-cookie.ts). */
export const deviceKey = (device: string) => `device:${device}`;

/**
 * A successful sign-in takes back its own failures and no one else's: those of its device (a known
 * browser's key is its own), and those its address made under the account's key. A stranger's failures
 * from another address stay, so the owner's success never gives a stranger new guesses. The address's own
 * count (`client:`) stays too: it limits guesses across accounts, and signing in to one's own account must
 * not reset it.
 */
export async function clearOwnFailures(db: Db, email: string, clientAddress: string, device: string | null) {
  const fromThisAddress = and(
    eq(loginAttempts.key, throttleKeys(email, clientAddress).account),
    eq(loginAttempts.client, clientAddress),
  );
  await db
    .delete(loginAttempts)
    .where(device === null ? fromThisAddress : or(fromThisAddress, eq(loginAttempts.key, deviceKey(device))));
}

/**
 * Takes an attempt at the signed-in user's current password (change-password, deleting the account, a
 * new e-mail): the sign-in's limit an account, so a stolen session guesses no faster than sign-in could.
 */
export function takePasswordAttempt(db: Db, userId: number, now = Date.now()): Promise<Attempt> {
  // No address: the session names who is guessing, and a right password takes back only its own attempt.
  return takeAttempt(db, new Map([[passwordKey(userId), MAX_FAILURES_PER_ACCOUNT]]), null, now);
}

/**
 * Sign-up: 5 attempts per e-mail address or 100 per client address
 * within the window, as sign-in's. Every attempt that passes validation counts, whatever its
 * answer — a 409 tells whether an e-mail has an account, so the attempts per
 * address and per client are what limits guessing them, and what limits
 * accounts made in bulk. Keys of their own: sign-ups do not lock sign-in.
 */
export const MAX_SIGNUPS_PER_EMAIL = SIGNUPS_PER_EMAIL_MAX;
export const MAX_SIGNUPS_PER_CLIENT = SIGNUPS_PER_CLIENT_MAX;

export function signupKeys(email: string, clientAddress: string) {
  return { email: `signup:${email}`, client: `signup-client:${clientAddress}` };
}

/**
 * Takes a sign-up attempt under both keys, before the slow hash and the write: every attempt counts,
 * whatever its answer (it is not released).
 */
export function takeSignupAttempt(db: Db, email: string, clientAddress: string, now = Date.now()): Promise<Attempt> {
  const keys = signupKeys(email, clientAddress);
  return takeAttempt(
    db,
    new Map([
      [keys.email, MAX_SIGNUPS_PER_EMAIL],
      [keys.client, MAX_SIGNUPS_PER_CLIENT],
    ]),
    clientAddress,
    now,
  );
}

/**
 * Drops every attempt that left the window, whatever its key (the cron): a
 * key that never fails again would otherwise keep its rows for good, and
 * anyone can make new keys without signing in.
 */
export async function purgeExpiredAttempts(db: Db, now = Date.now()) {
  await db.delete(loginAttempts).where(lt(loginAttempts.at, now - THROTTLE_WINDOW_MS));
}
