import { message } from "@nook/shared/common/messages";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.ts";
import type { Db } from "./db.ts";
import { fail } from "./errors.ts";
import { idempotencyKeys } from "./schema.ts";

/** The request header that names a write, and the answer header that says an answer is the first one's again. */
export const IDEMPOTENCY_KEY = "Idempotency-Key";
export const REPLAYED = "Idempotent-Replayed";
/** A key is 1 to this many visible ASCII characters (a client sends a UUID, 36). */
export const IDEMPOTENCY_KEY_MAX = 100;
/** How long a key answers with its first answer; older, it runs anew, and the cron drops it. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Claim {
  userId: number;
  route: string;
  key: string;
  bodyHash: string;
}

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

/**
 * The `Idempotency-Key` header on a write (the IETF draft "The
 * Idempotency-Key HTTP Header Field"): a client that lost an answer on a bad
 * network sends the request again with the same key, and gets the first
 * answer — its status and body, with `Idempotent-Replayed: true` — instead of
 * a second write. A key is its user's and its route's (method and path) and
 * lasts 24 hours. Without the header a request simply runs.
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
  const key = c.req.header(IDEMPOTENCY_KEY);
  if (key === undefined) return next();
  if (!KEY_FORMAT.test(key)) return fail(c, 400, KEY_INVALID);
  const { db } = c.var;
  const claim: Claim = {
    userId: c.var.user.id,
    route: `${c.req.method} ${c.req.path}`,
    key,
    bodyHash: await sha256Hex(await c.req.text()),
  };
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

/** Drops every key past its 24 hours (the cron); lookups pass over them already. */
export async function purgeExpiredKeys(db: Db, now = Date.now()) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS));
}
