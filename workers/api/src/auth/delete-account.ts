import { heldBy, paced } from "../platform/d1-pace.ts";
import type { D1Trips } from "../platform/db.ts";
import { passwordKey, signupKeys, throttleKeys } from "./throttle.ts";

/**
 * Leaving, in two steps, so no request holds the database for an account's size (D1 runs one query at a
 * time: deleting 100,000 entries in one batch holds it for seconds).
 *
 * 1. `leaveStatements`, one small batch: the account can no longer be reached. Every session and passkey
 *    ends, its invite links stop working, its e-mail and username are let go (another account may take them at once), its public donation
 *    page, calendar feed, push subscriptions and reminders go, its addresses are no longer watched, and the row is marked `leaving_since`.
 * 2. `purgeAccount`, the rows a part at a time (PART_ROWS a statement, each part's links before the rows
 *    they link), until the time given is spent; the user's row goes last. The request that deleted the
 *    account spends REQUEST_BUDGET on it, which removes a small account whole; the cron
 *    (`purgeLeavingAccounts`) goes on with a larger one, a run at a time.
 *
 * Named table by table rather than left to the foreign keys' cascades, so the list is read here and a
 * table added later without `user_id` is caught by the test that walks every table
 * (auth/delete-account.test.ts). The uptime triggers that a removed down/up entry or tag fires write into
 * `uptime_stale`, which is cleared after them. The throttle's attempts keyed by this account (its e-mail,
 * its id) go too; those keyed by a client address are that address's, not the user's, and stay.
 */

/** Rows a statement removes at most: a part of entries with its links is a few milliseconds of D1. */
export const PART_ROWS = 500;
/** What a purge may spend: parts (each PART_ROWS rows of a kind, with their links) and D1's time, in ms. */
export interface PurgeBudget {
  parts: number;
  ms: number;
}
/** What the deleting request spends removing rows: an account of up to 20,000 rows goes whole at once. */
export const REQUEST_BUDGET: PurgeBudget = { parts: 40, ms: 300 };
/** What a cron run spends on leaving accounts: a second of D1, as a request may (every 10 minutes). */
export const CRON_BUDGET: PurgeBudget = { parts: 1_000, ms: 1_000 };

/** What an account's e-mail and username become: no address or name the API takes (a space in each). */
const letGo = (userId: number) => `leaving ${userId}`;

/** The first batch (step 1): the account unreachable, its name and address free. */
export function leaveStatements(d1: D1Trips, user: { id: number; email: string }, now: number) {
  const keys = [throttleKeys(user.email, "").account, passwordKey(user.id), signupKeys(user.email, "").email];
  const byUser = (table: string) => d1.prepare(`DELETE FROM ${table} WHERE user_id = ?1`).bind(user.id);
  return [
    d1
      .prepare(
        `UPDATE users SET email = ?2, username = ?2, password_hash = '', leaving_since = ?3, updated_at = ?3
          WHERE id = ?1`,
      )
      .bind(user.id, letGo(user.id), now),
    byUser("sessions"),
    byUser("passkeys"),
    byUser("webauthn_challenges"),
    // The account's invite links stop letting anyone in with it.
    byUser("invites"),
    // The feed's secret address ends with the account: a calendar app asking it again is answered 404.
    byUser("calendar_feeds"),
    // No push reaches the account's browsers once it is gone, and nothing reminds it.
    byUser("push_subscriptions"),
    byUser("reminder_settings"),
    // A week's sent records at most (push/cron.ts purges older ones): a few dozen rows.
    byUser("reminders_sent"),
    byUser("donation_sources"),
    byUser("donate_info"),
    d1.prepare("DELETE FROM login_attempts WHERE key IN (SELECT value FROM json_each(?1))").bind(JSON.stringify(keys)),
  ];
}

/** The first PART_ROWS ids of a user's rows in a table, along an index by user (?1 the user). */
const partOf = (table: string) => `SELECT id FROM ${table} WHERE user_id = ?1 LIMIT ${PART_ROWS}`;

/**
 * Each kind of row, in the order it goes: the statements that remove one part (?1 the user). The last
 * statement of each removes the part's own rows and returns one row for each; a part short of PART_ROWS
 * is the kind's last.
 */
const STEPS: string[][] = [
  [
    `DELETE FROM entry_tags WHERE entry_id IN (${partOf("entries")})`,
    `DELETE FROM entry_metrics WHERE entry_id IN (${partOf("entries")})`,
    `DELETE FROM entries WHERE id IN (${partOf("entries")}) RETURNING 1`,
  ],
  [
    `DELETE FROM timer_tags WHERE timer_id IN (${partOf("timers")})`,
    `DELETE FROM timers WHERE id IN (${partOf("timers")}) RETURNING 1`,
  ],
  [
    `DELETE FROM person_tags WHERE person_id IN (${partOf("people")})`,
    `DELETE FROM people WHERE id IN (${partOf("people")}) RETURNING 1`,
  ],
  [`DELETE FROM tags WHERE id IN (${partOf("tags")}) RETURNING 1`],
  [`DELETE FROM metrics WHERE id IN (${partOf("metrics")}) RETURNING 1`],
  [`DELETE FROM stack_items WHERE id IN (${partOf("stack_items")}) RETURNING 1`],
  [`DELETE FROM stacks WHERE id IN (${partOf("stacks")}) RETURNING 1`],
  [`DELETE FROM steps WHERE id IN (${partOf("steps")}) RETURNING 1`],
  [`DELETE FROM events WHERE id IN (${partOf("events")}) RETURNING 1`],
  [`DELETE FROM donations WHERE id IN (${partOf("donations")}) RETURNING 1`],
  [
    `DELETE FROM import_chunks WHERE rowid IN (SELECT c.rowid FROM imports i CROSS JOIN import_chunks c
      ON c.import_id = i.id WHERE i.user_id = ?1 LIMIT ${PART_ROWS}) RETURNING 1`,
  ],
  [`DELETE FROM imports WHERE id IN (${partOf("imports")}) RETURNING 1`],
  [
    `DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE user_id = ?1
      LIMIT ${PART_ROWS}) RETURNING 1`,
  ],
];

/** What is left once every kind is gone: the rows the triggers wrote meanwhile, and the user's own. */
const LAST = ["DELETE FROM uptime_stale WHERE user_id = ?1", "DELETE FROM users WHERE id = ?1"];

/**
 * Removes a leaving account's rows, a part at a time, until the budget is spent (step 2): whether the
 * account is gone whole, and what was spent.
 */
export async function purgeAccount(d1: D1Trips, userId: number, budget: PurgeBudget) {
  const spent = { parts: 0, ms: 0 };
  const run = async (statements: string[]) => {
    const results = await paced(() => d1.batch(statements.map((q) => d1.prepare(q).bind(userId))));
    const removed = results.at(-1)?.results.length ?? 0;
    // A kind with nothing left costs no part: a budget of fewer parts than kinds still gets past them.
    if (removed) spent.parts += 1;
    spent.ms += heldBy(results);
    return removed;
  };
  for (const step of STEPS)
    for (;;) {
      if (spent.parts >= budget.parts || spent.ms >= budget.ms) return { gone: false, spent };
      if ((await run(step)) < PART_ROWS) break;
    }
  await run(LAST);
  return { gone: true, spent };
}

/**
 * The cron's part (index.ts `scheduled`): the leaving accounts, the oldest first, each purged in turn
 * until the budget is spent. How many went whole.
 */
export async function purgeLeavingAccounts(d1: D1Trips, budget: PurgeBudget = CRON_BUDGET): Promise<number> {
  const { results } = await d1
    .prepare("SELECT id FROM users WHERE leaving_since IS NOT NULL ORDER BY leaving_since LIMIT 100")
    .all<{ id: number }>();
  const left = { ...budget };
  let gone = 0;
  for (const { id } of results) {
    const purged = await purgeAccount(d1, id, left);
    left.parts -= purged.spent.parts;
    left.ms -= purged.spent.ms;
    if (!purged.gone) break;
    gone += 1;
  }
  return gone;
}
