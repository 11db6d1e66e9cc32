import { and, count, eq, gt, inArray, lt, min, or } from "drizzle-orm";
import type { Db } from "../platform/db.ts";
import { loginAttempts } from "./schema.ts";

/** DESIGN §4: 10 failures per account or 100 per client address within 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_CLIENT = 100;

export function throttleKeys(email: string, clientAddress: string) {
  return { account: `account:${email}`, client: `client:${clientAddress}` };
}

/** Minutes until another attempt is allowed, or 0 when not throttled. */
export async function throttledFor(db: Db, email: string, clientAddress: string, now = Date.now()): Promise<number> {
  const keys = throttleKeys(email, clientAddress);
  const since = now - THROTTLE_WINDOW_MS;
  const rows = await db
    .select({ key: loginAttempts.key, n: count(), oldest: min(loginAttempts.at) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, [keys.account, keys.client]), gt(loginAttempts.at, since)))
    .groupBy(loginAttempts.key)
    .all();
  let waitMs = 0;
  for (const row of rows) {
    const limit = row.key === keys.account ? MAX_FAILURES_PER_ACCOUNT : MAX_FAILURES_PER_CLIENT;
    if (row.n >= limit) waitMs = Math.max(waitMs, (row.oldest ?? now) + THROTTLE_WINDOW_MS - now);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60000)) : 0;
}

/** Records a failed attempt for both keys and drops attempts that left the window. */
export async function recordFailure(db: Db, email: string, clientAddress: string, now = Date.now()) {
  const keys = throttleKeys(email, clientAddress);
  await db.batch([
    db.insert(loginAttempts).values([
      { key: keys.account, at: now },
      { key: keys.client, at: now },
    ]),
    db
      .delete(loginAttempts)
      .where(
        and(
          or(eq(loginAttempts.key, keys.account), eq(loginAttempts.key, keys.client)),
          lt(loginAttempts.at, now - THROTTLE_WINDOW_MS),
        ),
      ),
  ]);
}

/** A successful sign-in clears the account's failures (the client's count stays). */
export async function clearAccountFailures(db: Db, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, `account:${email}`));
}
