import { message } from "@nook/shared/common/messages";
import { sha256Hex } from "@nook/shared/common/sha256";
import { and, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.ts";
import type { Db } from "./db.ts";
import { fail } from "./errors.ts";
import { idempotencyKeys } from "./schema.ts";
import { isUniqueViolation } from "./unique-violation.ts";

/** The request header that names a write, and the answer header that says an answer is the first one's again. */
export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const REPLAYED = "Idempotent-Replayed";
/** A key is 1 to this many visible ASCII characters (a client sends a UUID, 36). */
export const IDEMPOTENCY_KEY_MAX = 100;
/**
 * How long a key answers with its first answer; older, it runs anew, and the cron drops it. As long as a
 * browser's queue may plausibly hold a write whose answer was lost (a month offline), so its retry is
 * answered, never written twice; a key kept as a row id (keyedBatch) is a few dozen bytes.
 */
export const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A claim this old without an answer is of a request that never finished (its Worker died): a retry takes it over. */
export const IN_FLIGHT_STALE_MS = 60_000;
/** The pauses before each look again at a key whose first request is still running: about 2 s in all. */
const WAITS_MS = [50, 100, 150, 200, 300, 400, 400, 400];

const KEY_FORMAT = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);
const KEY_INVALID = message("The Idempotency-Key header is 1 to {max} visible ASCII characters", {
  max: IDEMPOTENCY_KEY_MAX,
});
const KEY_REUSED = message("This Idempotency-Key was used with a different request body");
const KEY_IN_FLIGHT = message("A request with this Idempotency-Key is still in progress; try again shortly");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request's key: whose, for which route, and the hash of the body it came with. */
export interface Claim {
  userId: number;
  route: string;
  key: string;
  bodyHash: string;
}

/** The key's row, by its primary key. */
const rowOf = (claim: Claim) => {
  const t = idempotencyKeys;
  return and(eq(t.userId, claim.userId), eq(t.route, claim.route), eq(t.key, claim.key));
};

/**
 * One trip: claim the key (a new row, or one expired or abandoned, taken
 * over), and the key's row as it stands after the claim. The claim's
 * `returning` is empty when another request holds the key; the row then says
 * whose body it came with and whether its answer is in.
 */
function claimAndLook(db: Db, claim: Claim, now: number) {
  const t = idempotencyKeys;
  const { userId, route, key, bodyHash } = claim;
  return db.batch([
    db
      .insert(t)
      .values({ ...claim, status: null, response: null, createdAt: now })
      .onConflictDoUpdate({
        target: [t.userId, t.route, t.key],
        set: { bodyHash, status: null, response: null, createdAt: now },
        setWhere: or(
          lt(t.createdAt, now - IDEMPOTENCY_TTL_MS),
          and(isNull(t.status), lt(t.createdAt, now - IN_FLIGHT_STALE_MS)),
        ),
      })
      .returning({ createdAt: t.createdAt }),
    db
      .select({ bodyHash: t.bodyHash, status: t.status, response: t.response })
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.route, route), eq(t.key, key))),
  ]);
}

function ownRow(claim: Claim, createdAt: number) {
  const t = idempotencyKeys;
  return and(eq(t.userId, claim.userId), eq(t.route, claim.route), eq(t.key, claim.key), eq(t.createdAt, createdAt));
}

function replay(c: Context<AppEnv>, status: number, response: string) {
  return c.body(response, status as ContentfulStatusCode, {
    "Content-Type": "application/json",
    [REPLAYED]: "true",
  });
}

/**
 * The key claimed (the claim's time), or the answer this request gets
 * instead: the first one's again, 422 for another body, 409 for a first
 * request that is still running after the waits.
 */
async function claimOrAnswer(c: Context<AppEnv>, claim: Claim): Promise<number | Response> {
  for (const wait of [...WAITS_MS, undefined]) {
    const [[claimed], [row]] = await claimAndLook(c.var.db, claim, Date.now());
    if (claimed) return claimed.createdAt;
    if (!row) throw new Error("an idempotency key neither claimed nor found");
    if (row.bodyHash !== claim.bodyHash) return fail(c, 422, KEY_REUSED);
    if (row.status !== null && row.response !== null) return replay(c, row.status, row.response);
    if (wait === undefined) break;
    await sleep(wait);
  }
  return fail(c, 409, KEY_IN_FLIGHT);
}

/** The request's key, checked and hashed with its body; undefined without the header, a 400 for a bad one. */
async function claimOf(c: Context<AppEnv>): Promise<Claim | undefined | Response> {
  const key = c.req.header(IDEMPOTENCY_KEY);
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) return fail(c, 400, KEY_INVALID);
  return {
    userId: c.var.user.id,
    route: `${c.req.method} ${c.req.path}`,
    key,
    bodyHash: await sha256Hex(await c.req.text()),
  };
}

/**
 * The `Idempotency-Key` header on a create whose key goes in the route's own
 * batch, so a keyed write costs the trips an unkeyed one does: the
 * middleware only checks and hashes the key (`c.var.keyClaim`); the route
 * passes `keyedBatch`'s statements into the batch that makes the row, and
 * answers through `keyed`. The claim is the key's row with the made row's id,
 * written in the same transaction as the row: both or neither. A retry's
 * claim then fails on the key's primary key, which rolls its whole batch back
 * (nothing written twice), and `keyed` answers it with the made row as it is
 * now (`Idempotent-Replayed: true`), or 422 for another body. Put after
 * `requireUser` and the route's `validate`, as `idempotent`.
 */
export const idempotentInBatch = createMiddleware<AppEnv>(async function idempotentInBatch(c, next) {
  const claim = await claimOf(c);
  if (claim instanceof Response) return claim;
  if (claim) c.set("keyClaim", claim);
  await next();
});

/**
 * The statements that claim the request's key inside the batch that makes the row (none without a key):
 * an expired or abandoned row of the key goes, and the claim, with `status` and the made row's id (`resultId`, SQL read
 * in the batch after the row's insert), is inserted; a key already claimed fails the batch. A write whose id is known
 * before it runs (an update, or a row found by its user) passes it as SQL too, and claims first (see `keyedResult`).
 */
export function keyedBatch(db: Db, claim: Claim | undefined, status: number, resultId: SQL, now = Date.now()) {
  if (!claim) return [];
  const t = idempotencyKeys;
  return [
    // Expired, or a claim of `idempotent` never answered (its Worker died): taken over, as `idempotent` does.
    db
      .delete(t)
      .where(
        and(
          rowOf(claim),
          or(
            lt(t.createdAt, now - IDEMPOTENCY_TTL_MS),
            and(isNull(t.status), lt(t.createdAt, now - IN_FLIGHT_STALE_MS)),
          ),
        ),
      ),
    db.insert(t).values({ ...claim, status, response: null, resultId, createdAt: now }),
  ] as const;
}

/**
 * The made row's id, written into a claim that went first in its batch, before the row's insert, with a
 * `resultId` of `sql\`NULL\``: for a create whose own insert would refuse a retry before a claim after it
 * were reached — a unique index the first request's row still holds, as the one unfinished timer a user
 * has — and so answer the retry 409 where the first answer is due. Put after the insert, in the same
 * batch: one transaction, so no other request ever sees the claim without its id.
 */
export function keyedResult(db: Db, claim: Claim | undefined, resultId: SQL) {
  if (!claim) return [];
  return [db.update(idempotencyKeys).set({ resultId }).where(rowOf(claim))] as const;
}

/** SQLite's words for a claim that finds its key taken (the table's primary key). */
const KEY_TAKEN = "idempotency_keys.user_id, idempotency_keys.route, idempotency_keys.key";

/**
 * Runs the route's keyed create (`work`, whose batch holds `keyedBatch`'s statements). When its key was
 * taken already, the retry is answered instead: `replayOf(resultId)` — the made row as it is now — with the
 * first answer's status, marked replayed; 422 for a key first sent with another body; a key whose first
 * request is still running (an answer kept by `idempotent`) is waited for about 2 s, then 409.
 */
export async function keyed<R extends Response>(
  c: Context<AppEnv>,
  replayOf: (resultId: number) => Promise<Response>,
  work: () => Promise<R>,
): Promise<R> {
  const claim = c.var.keyClaim;
  if (!claim) return work();
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err, KEY_TAKEN)) throw err;
  }
  const t = idempotencyKeys;
  for (const wait of [...WAITS_MS, undefined]) {
    const [[row]] = await c.var.db.batch([
      c.var.db
        .select({ bodyHash: t.bodyHash, status: t.status, response: t.response, resultId: t.resultId })
        .from(t)
        .where(rowOf(claim)),
    ]);
    if (row && row.bodyHash !== claim.bodyHash) return fail(c, 422, KEY_REUSED) as unknown as R;
    if (row?.status != null && row.resultId !== null) {
      const again = await replayOf(row.resultId);
      const replayed = new Response(again.body, {
        status: again.ok ? row.status : again.status,
        headers: again.headers,
      });
      replayed.headers.set(REPLAYED, "true");
      return replayed as R;
    }
    if (row?.status != null && row.response !== null) return replay(c, row.status, row.response) as unknown as R;
    if (wait === undefined) break;
    await sleep(wait);
  }
  return fail(c, 409, KEY_IN_FLIGHT) as unknown as R;
}

/**
 * The `Idempotency-Key` header on a write (the IETF draft "The
 * Idempotency-Key HTTP Header Field"): a client that lost an answer on a bad
 * network sends the request again with the same key, and gets the first
 * answer — its status and body, with `Idempotent-Replayed: true` — instead of
 * a second write. A key is its user's and its route's (method and path) and
 * lasts 30 days (IDEMPOTENCY_TTL_MS). Without the header a request simply runs.
 *
 * - A key that is not 1–100 visible ASCII characters: 400, nothing written.
 * - The key used before with another body (its SHA-256 differs): 422, nothing
 *   written — the draft's answer for a key reused on a different request.
 * - The key's first request still running: this one looks again for about
 *   2 s, answering with the first answer as soon as it is in, else 409.
 * - Answers under 500 are kept; a 5xx, or a thrown error, gives the key up,
 *   so a retry runs anew. A claim left unanswered for 60 s (a Worker that
 *   died mid-request) is taken over by the next request with the key.
 *
 * Put after `requireUser` (the key is the user's) and after the route's
 * `validate` (a body refused with 400 keeps its key unused). The claim is the
 * request's first trip to D1, so the session's check rides on it
 * (auth/session-gate.ts); keeping the answer is one trip more.
 */
export const idempotent = createMiddleware<AppEnv>(async function idempotent(c, next) {
  const claim = await claimOf(c);
  if (claim instanceof Response) return claim;
  if (!claim) return next();
  const { db } = c.var;
  const claimedAt = await claimOrAnswer(c, claim);
  if (claimedAt instanceof Response) return claimedAt;

  await next();

  const mine = ownRow(claim, claimedAt);
  const t = idempotencyKeys;
  try {
    if (c.error || c.res.status >= 500) await db.delete(t).where(and(mine, isNull(t.status)));
    else
      await db
        .update(t)
        .set({ status: c.res.status, response: await c.res.clone().text() })
        .where(mine);
  } catch (err) {
    // The answer stands; the key, left unanswered, is taken over after IN_FLIGHT_STALE_MS.
    console.error(err);
  }
});

/** Drops every key past its 30 days (the cron); lookups pass over them already. */
export async function purgeExpiredKeys(db: Db, now = Date.now()) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}
